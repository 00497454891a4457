import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useCallback, useMemo } from "react";
import { useToast } from "@/components/ui";
import { api } from "@/lib/api";
import type { ErrorCopy } from "@/lib/errors";
import { useErrorToast } from "@/lib/useErrorToast";
import { NetworkCopy } from "./copy";

// The network's actions with their toasts (spec §8 "Connection"). Every list on the page is a live
// query, so a card moves to its new state (Pending, Message...) as soon as the server has it.

export type NetworkCard = FunctionReturnType<typeof api.connections.pending>["incoming"][number];
export type NetworkUser = NetworkCard["user"];

export function nameOf(user: Pick<NetworkUser, "firstName" | "lastName" | "businessName">): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.businessName || "this professional";
}

const actionFailedCopy = { title: NetworkCopy.errorTitle, description: NetworkCopy.actionFailed } satisfies ErrorCopy;
const connectionFailedCopy = {
  title: NetworkCopy.errorTitle,
  description: "Please try again.",
  format: NetworkCopy.connectionFailed,
} satisfies ErrorCopy;

export function useNetworkActions(viewerId: string) {
  const { toast } = useToast();
  const request = useMutation(api.connections.request);
  const respond = useMutation(api.connections.respond);
  const remove = useMutation(api.connections.remove);
  // The switch flips at once and settles to the server's answer.
  const setMember = useMutation(api.backup.setMember).withOptimisticUpdate((store, { userId, member }) => {
    for (const { args, value } of store.getAllQueries(api.connections.listOf)) {
      if (value === undefined || args.userId !== viewerId) continue;
      store.setQuery(
        api.connections.listOf,
        args,
        value.map((card) => (card.user._id === userId ? { ...card, inMyBackup: member } : card)),
      );
    }
    const members = store.getQuery(api.backup.members, {});
    if (members !== undefined && !member) {
      store.setQuery(
        api.backup.members,
        {},
        members.filter((m) => m._id !== userId),
      );
    }
  });

  const showError = useErrorToast();
  const failed = useCallback((error: unknown) => showError(error, actionFailedCopy), [showError]);

  return useMemo(
    () => ({
      connect: async (user: NetworkUser) => {
        try {
          await request({ userId: user._id });
          toast({
            title: NetworkCopy.connectionSentTitle,
            description: NetworkCopy.connectionSent,
            variant: "success",
          });
        } catch (error) {
          showError(error, connectionFailedCopy);
        }
      },
      answer: async (card: NetworkCard, accept: boolean) => {
        if (!card.connectionId) return;
        try {
          await respond({ connectionId: card.connectionId, accept });
          const name = nameOf(card.user);
          toast(
            accept
              ? { title: NetworkCopy.acceptedTitle, description: NetworkCopy.accepted(name), variant: "success" }
              : { title: NetworkCopy.declinedTitle, description: NetworkCopy.declined(name) },
          );
        } catch (error) {
          failed(error);
        }
      },
      cancel: async (card: NetworkCard) => {
        if (!card.connectionId) return;
        try {
          await remove({ connectionId: card.connectionId });
          toast({ title: NetworkCopy.cancelledTitle, description: NetworkCopy.cancelled(nameOf(card.user)) });
        } catch (error) {
          failed(error);
        }
      },
      disconnect: async (card: NetworkCard) => {
        if (!card.connectionId) return;
        try {
          await remove({ connectionId: card.connectionId });
          toast({ title: NetworkCopy.removedTitle, description: NetworkCopy.removed(nameOf(card.user)) });
        } catch (error) {
          failed(error);
        }
      },
      setBackup: async (user: NetworkUser, member: boolean) => {
        try {
          await setMember({ userId: user._id, member });
          const name = nameOf(user);
          toast(
            member
              ? { title: NetworkCopy.backupAddedTitle, description: NetworkCopy.backupAdded(name), variant: "success" }
              : { title: NetworkCopy.backupRemovedTitle, description: NetworkCopy.backupRemoved(name) },
          );
        } catch (error) {
          failed(error);
        }
      },
    }),
    [request, respond, remove, setMember, toast, failed, showError],
  );
}
