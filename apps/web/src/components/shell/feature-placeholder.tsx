import type { ReactNode } from 'react';
import { Badge, Center, EmptyState, Paper } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';

export interface FeaturePlaceholderProps {
  title: string;
  description: string;
  icon?: ReactNode;
  badge?: string;
}

/** An honest empty state for a panel that is not in this release yet. */
export function FeaturePlaceholder({ title, description, icon, badge }: FeaturePlaceholderProps) {
  return (
    <Center py={{ base: 'xl', sm: 60 }}>
      <Paper className="bs-glass" p="xl" maw={520} w="100%">
        <EmptyState
          title={title}
          description={description}
          icon={icon ?? <IconHourglassEmpty size={28} />}
          color="brood"
          variant="light"
        >
          {badge && (
            <Badge variant="outline" color="acid" size="lg">
              {badge}
            </Badge>
          )}
        </EmptyState>
      </Paper>
    </Center>
  );
}
