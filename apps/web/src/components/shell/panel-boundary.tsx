import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface Props {
  /** Name shown in the fallback ('Map', 'Queues'). */
  name: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** One failing panel shows its own error with a retry instead of blanking the whole dashboard. */
export class PanelBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.name} panel crashed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={`The ${this.props.name} panel hit a problem`} m="md">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{this.state.error.message || 'Unknown error'}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => this.setState({ error: null })}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
}
