import { useMutation } from "convex/react";
import { useCallback } from "react";
import { api } from "@/lib/api";
import { uploadFile } from "./upload";
import type { Id } from "../../convex/_generated/dataModel";

/** Uploads chosen photos to storage (the server checks each one when the form is sent). */
export function usePhotoUpload(purpose: "completion" | "dispute" | "job_photo") {
  const generateUploadUrl = useMutation(api.files.generateUploadUrl);
  return useCallback(
    async (files: readonly File[]): Promise<Id<"_storage">[]> => {
      const ids: Id<"_storage">[] = [];
      for (const file of files) {
        const url = await generateUploadUrl({ purpose });
        ids.push((await uploadFile(url, file)) as Id<"_storage">);
      }
      return ids;
    },
    [generateUploadUrl, purpose],
  );
}
