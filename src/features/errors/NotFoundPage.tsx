import { useNavigate } from "react-router-dom";
import { Button, ButtonLink } from "@/components/ui";
import { usePageTitle } from "@/lib/usePageTitle";

export function NotFoundPage() {
  usePageTitle("Page Not Found");
  const navigate = useNavigate();
  const goBack = () => {
    // history.state.idx is React Router's position in this tab's history.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate("/");
  };
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="text-6xl font-extrabold text-brand-700 dark:text-brand-300" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Page Not Found</h1>
      <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
        The page you're looking for doesn't exist or has moved.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ButtonLink to="/">Go Home</ButtonLink>
        <ButtonLink to="/jobs" variant="secondary">
          Browse Jobs
        </ButtonLink>
        <Button variant="ghost" onClick={goBack}>
          Go Back
        </Button>
      </div>
    </div>
  );
}
