import { Field, Label, Switch } from "@headlessui/react";
import { useMutation } from "convex/react";
import { useViewer } from "@/app/session";
import { api } from "@/lib/api";
import { useErrorToast } from "@/lib/useErrorToast";
import { cn } from "@/lib/cn";

// The professional's Available / Busy switch (spec §3 availabilityStatus). It flips at once
// (optimistic update of the viewer) and settles to the server's state; a failure says so in a toast.
// Every screen showing this professional (threads, directory) updates live.

export function AvailabilityToggle({ className }: { className?: string }) {
  const viewer = useViewer();
  const reportError = useErrorToast();
  const setAvailability = useMutation(api.users.setAvailability).withOptimisticUpdate((store, { status }) => {
    const current = store.getQuery(api.users.viewer, {});
    if (current) store.setQuery(api.users.viewer, {}, { ...current, availabilityStatus: status });
  });
  if (viewer.userType !== "professional") return null;
  const available = viewer.availabilityStatus !== "busy";

  return (
    <Field className={cn("flex items-center gap-2", className)}>
      <Switch
        checked={available}
        onChange={(on) => {
          setAvailability({ status: on ? "available" : "busy" }).catch((error: unknown) =>
            reportError(error, {
              title: "Error",
              description: "Failed to update your availability. Please try again.",
            }),
          );
        }}
        className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-slate-500 transition-colors data-checked:bg-green-700 dark:bg-slate-500 dark:data-checked:bg-green-500"
      >
        <span
          aria-hidden="true"
          className="size-5 translate-x-0 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-5"
        />
      </Switch>
      <Label className="cursor-pointer text-sm font-semibold">
        <span className="sr-only">Availability: </span>
        {available ? "Available" : "Busy"}
      </Label>
    </Field>
  );
}
