/** Shown instead of the app when the build has no usable Convex deployment URL. */
export function ConfigErrorScreen({ detail }: { detail: string }) {
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-4 py-16">
      <div
        role="alert"
        className="rounded-xl border border-red-600 bg-white p-6 shadow-sm dark:border-red-400 dark:bg-slate-900"
      >
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Rafter can't start</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-200">{detail}</p>
        <p className="mt-3 text-slate-700 dark:text-slate-200">
          Set{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm dark:bg-slate-800">VITE_CONVEX_URL</code>{" "}
          to your Convex deployment URL (for the local runtime, e.g.{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm dark:bg-slate-800">
            http://127.0.0.1:3210
          </code>
          ) and rebuild or restart the dev server.
        </p>
      </div>
    </main>
  );
}
