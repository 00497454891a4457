import { lazy } from "react";

// The feed's parts a reader may never open (the forms and dialogs, with zod, react-hook-form and
// Headless UI's dialog, and the comments): chunks of their own, loaded when first shown, so /feed
// (a prerendered public page) loads only the list and its cards.

export const PostForm = lazy(() => import("./PostForm").then((m) => ({ default: m.PostForm })));
export const EditPostDialog = lazy(() => import("./PostDialogs").then((m) => ({ default: m.EditPostDialog })));
export const DeletePostDialog = lazy(() => import("./PostDialogs").then((m) => ({ default: m.DeletePostDialog })));
export const ReportDialog = lazy(() => import("./ReportDialog").then((m) => ({ default: m.ReportDialog })));
export const RepostDialog = lazy(() => import("./ShareDialog").then((m) => ({ default: m.RepostDialog })));
export const CommentsSection = lazy(() => import("./Comments").then((m) => ({ default: m.CommentsSection })));
