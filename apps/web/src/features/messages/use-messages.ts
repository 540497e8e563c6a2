import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../trpc';
import { useAuthStore } from '../../stores/auth-store';

type Outputs = RouterOutputs;
export type MessageItem = Outputs['messages']['list']['messages'][number];
export type PlayerProfile = Outputs['players']['get'];
export type BuddyList = Outputs['buddies']['list'];
export type Folder = 'inbox' | 'sent';

/** Polled every 2 minutes as a fallback; MESSAGE_RECEIVED refreshes it at once. */
export const MESSAGES_UNREAD_POLL_MS = 120_000;

export function useUnreadMessages() {
  const trpc = useTRPC();
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return useQuery({ ...trpc.messages.unreadCount.queryOptions(), enabled: signedIn, refetchInterval: MESSAGES_UNREAD_POLL_MS });
}

export function useMessageList(folder: Folder, skip: number) {
  const trpc = useTRPC();
  return useQuery(trpc.messages.list.queryOptions({ folder, skip }));
}

/** After any change to messages: every list and the unread count are read again. */
function useRefreshMessages() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.messages.pathFilter());
}

export function useMessageActions() {
  const trpc = useTRPC();
  const refresh = useRefreshMessages();
  return {
    read: useMutation(trpc.messages.read.mutationOptions({ onSettled: refresh })),
    remove: useMutation(trpc.messages.remove.mutationOptions({ onSettled: refresh })),
    report: useMutation(trpc.messages.report.mutationOptions()),
    send: useMutation(trpc.messages.send.mutationOptions({ onSuccess: refresh })),
    circular: useMutation(trpc.messages.circular.mutationOptions({ onSuccess: refresh })),
  };
}

export function useBuddies() {
  const trpc = useTRPC();
  return useQuery(trpc.buddies.list.queryOptions());
}

/** Buddy and block actions; each refreshes the buddy list and the profile cards. */
export function useSocialActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSettled = () => Promise.all([queryClient.invalidateQueries(trpc.buddies.pathFilter()), queryClient.invalidateQueries(trpc.players.get.pathFilter())]);
  return {
    request: useMutation(trpc.buddies.request.mutationOptions({ onSettled })),
    accept: useMutation(trpc.buddies.accept.mutationOptions({ onSettled })),
    decline: useMutation(trpc.buddies.decline.mutationOptions({ onSettled })),
    remove: useMutation(trpc.buddies.remove.mutationOptions({ onSettled })),
    block: useMutation(trpc.players.block.mutationOptions({ onSettled })),
    unblock: useMutation(trpc.players.unblock.mutationOptions({ onSettled })),
  };
}

/**
 * Conversations: the page's messages grouped by the other player, in the order of each one's newest
 * message (the page is already newest first). A deleted player's id is null: their messages form one group.
 */
export function conversations(messages: readonly MessageItem[], folder: Folder): { otherId: number | null; otherName: string; messages: MessageItem[] }[] {
  const groups = new Map<number | null, { otherId: number | null; otherName: string; messages: MessageItem[] }>();
  for (const m of messages) {
    const [otherId, otherName] = folder === 'inbox' ? [m.sender_id, m.sender_username] : [m.recipient_id, m.recipient_username];
    const group = groups.get(otherId) ?? { otherId, otherName, messages: [] };
    group.messages.push(m);
    groups.set(otherId, group);
  }
  return [...groups.values()];
}
