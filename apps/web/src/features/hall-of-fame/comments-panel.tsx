import { useState } from 'react';
import { Button, Group, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { LINK_REPLACEMENT, stripLinks } from '@brood/game-core';
import { describeApiError } from '../../lib/api-errors';
import { formatCountdown, formatDate } from '../../lib/format';
import { showError, showSuccess } from '../../lib/toast';
import { useAuthStore } from '../../stores/auth-store';
import { useNow } from '../../hooks/use-now';
import { useComments, usePostComment } from './hall-of-fame-queries';
import { CommentDelete } from '../admin';
import { PlayerName } from '../../components/player/player-name';

export const COMMENT_TEXTS = {
  login: 'You must be logged in to comment.',
  added: 'Comment added successfully!',
  rateLimited: 'Rate limit exceeded. Please wait before posting again.',
  failed: 'Failed to post comment. Please try again.',
  empty: 'No comments yet. Be the first!',
} as const;
export const COOLDOWN_MS = 60 * 60 * 1000;

/** The wait a 429 names ('... again in 59m 30s.'), as ms; null when it names none. */
export function waitFromDetail(detail: string): number | null {
  const match = /(?:(\d+)m )?(\d+)s/.exec(detail);
  return match ? (Number(match[1] ?? 0) * 60 + Number(match[2])) * 1000 : null;
}

/** Comments of one battle: newest first, 20 a page; the form is disabled with a countdown after posting (§4.8). */
export function CommentsPanel({ entryId, cooldownUntil, onCooldown }: { entryId: number; cooldownUntil: number | null; onCooldown: (until: number) => void }) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const comments = useComments(entryId);
  const post = usePostComment();
  const [text, setText] = useState('');
  const now = useNow(1000);
  const coolingDown = cooldownUntil !== null && cooldownUntil > now;
  const list = comments.data?.pages.flat() ?? [];

  const submit = () => {
    const clean = stripLinks(text.trim());
    if (!clean) return;
    post.mutate(
      { id: entryId, comment_text: clean },
      {
        onSuccess: () => {
          setText('');
          onCooldown(Date.now() + COOLDOWN_MS);
          showSuccess(COMMENT_TEXTS.added);
        },
        onError: (error) => {
          const detail = describeApiError(error).detail;
          if (detail.toLowerCase().includes('rate limit')) {
            const wait = waitFromDetail(detail);
            if (wait !== null) onCooldown(Date.now() + wait);
            showError(COMMENT_TEXTS.rateLimited);
          } else showError(COMMENT_TEXTS.failed);
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="comments-panel">
      <Text fw={700}>Comments</Text>
      {comments.error ? (
        <Text c="red" fz="sm">{`Error loading comments: ${describeApiError(comments.error).detail}`}</Text>
      ) : comments.isLoading ? (
        <Text c="dimmed" fz="sm">
          Loading comments...
        </Text>
      ) : list.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {COMMENT_TEXTS.empty}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320}>
          <Stack gap="xs">
            {list.map((c) => (
              <Paper key={c.id} p="xs" withBorder data-testid={`comment-${c.id}`}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fz="xs" c="dimmed">
                    <PlayerName id={c.user_id} name={c.username} /> · {formatDate(c.created_at)}
                  </Text>
                  <CommentDelete commentId={c.id} author={c.username} />
                </Group>
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {stripLinks(c.comment_text)}
                </Text>
              </Paper>
            ))}
            {comments.hasNextPage && (
              <Button size="xs" variant="default" onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
                Load More
              </Button>
            )}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {!signedIn ? (
        <Text c="dimmed" fz="sm">
          {COMMENT_TEXTS.login}
        </Text>
      ) : (
        <Stack gap={6}>
          <Textarea
            placeholder={`Share your thoughts (links become ${LINK_REPLACEMENT})`}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            disabled={coolingDown || post.isPending}
            maxLength={1000}
            rows={3}
            data-testid="comment-text"
          />
          {coolingDown && (
            <Text fz="sm" c="yellow" data-testid="comment-cooldown">
              {`You can post again in ${formatCountdown(cooldownUntil, now)}.`}
            </Text>
          )}
          <Button onClick={submit} disabled={coolingDown || !text.trim()} loading={post.isPending} style={{ alignSelf: 'flex-end' }} data-testid="comment-submit">
            Post Comment
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
