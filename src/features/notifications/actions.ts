import { useMutation } from "convex/react";
import type { OptimisticLocalStore } from "convex/browser";
import type { FunctionReturnType } from "convex/server";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { NotificationCopy } from "@common/notifications";
import { useToast } from "@/components/ui";
import { api } from "@/lib/api";
import { useErrorToast } from "@/lib/useErrorToast";

// What the bell and /notifications do with a notification: open it (mark read, follow actionUrl),
// mark it read, delete it, mark all read. Each updates the lists and the unread badge at once
// (optimistic) and settles to the server's state.

export type NotificationItem = FunctionReturnType<typeof api.notifications.list>["page"][number];

/** Every loaded page of every tab: `update` maps each item (null drops it). */
function updateLists(store: OptimisticLocalStore, update: (n: NotificationItem) => NotificationItem | null) {
  for (const { args, value } of store.getAllQueries(api.notifications.list)) {
    if (value === undefined) continue;
    const page = value.page.map(update).filter((n): n is NotificationItem => n !== null);
    store.setQuery(api.notifications.list, args, { ...value, page });
  }
}

function adjustUnread(store: OptimisticLocalStore, delta: number | "zero") {
  const viewer = store.getQuery(api.users.viewer, {});
  if (!viewer) return;
  const next = delta === "zero" ? 0 : Math.max(0, viewer.unreadNotifications + delta);
  store.setQuery(api.users.viewer, {}, { ...viewer, unreadNotifications: next });
}

/** Whether a loaded list shows this notification unread (to know if the badge goes down). */
function loadedUnread(store: OptimisticLocalStore, id: string): boolean {
  for (const { value } of store.getAllQueries(api.notifications.list)) {
    const found = value?.page.find((n) => n._id === id);
    if (found) return !found.read;
  }
  return false;
}

export function useNotificationActions() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const reportError = useErrorToast();

  const markRead = useMutation(api.notifications.markRead).withOptimisticUpdate((store, { id }) => {
    if (loadedUnread(store, id)) adjustUnread(store, -1);
    updateLists(store, (n) => (n._id === id ? { ...n, read: true } : n));
  });
  const remove = useMutation(api.notifications.remove).withOptimisticUpdate((store, { id }) => {
    if (loadedUnread(store, id)) adjustUnread(store, -1);
    updateLists(store, (n) => (n._id === id ? null : n));
  });
  const markAll = useMutation(api.notifications.markAllRead).withOptimisticUpdate((store) => {
    adjustUnread(store, "zero");
    updateLists(store, (n) => ({ ...n, read: true }));
  });

  const fail = useCallback(
    (error: unknown) => reportError(error, { title: "Error", description: "Please try again." }),
    [reportError],
  );

  return {
    /** Click on a notification: marks it read and follows its actionUrl (if any). */
    open(n: NotificationItem) {
      if (!n.read) markRead({ id: n._id }).catch(fail);
      if (n.actionUrl) {
        if (/^https?:\/\//.test(n.actionUrl)) window.location.assign(n.actionUrl);
        else void navigate(n.actionUrl);
      }
    },
    markRead(n: NotificationItem) {
      markRead({ id: n._id }).catch(fail);
    },
    remove(n: NotificationItem) {
      remove({ id: n._id }).then(() => toast({ title: NotificationCopy.deleted }), fail);
    },
    async markAllRead() {
      try {
        await markAll({});
        toast({ title: NotificationCopy.allRead });
      } catch (error) {
        fail(error);
      }
    },
  };
}
