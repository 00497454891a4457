import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A react-hook-form resolver whose code (zod and the form's schema) loads when first needed, not
 * with the page: a public form page paints from its prerendered HTML and checks nothing until
 * someone submits. `preload` starts the load earlier (the form's first focus), so the first
 * submit rarely waits. A failed load is tried again on the next call.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): Resolver<TInput, unknown, TOutput> & { preload: () => void } {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get().catch(() => {}) });
}
