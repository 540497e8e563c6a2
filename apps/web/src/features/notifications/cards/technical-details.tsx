import { Code } from '@mantine/core';
import { Disclosure } from './disclosure';

/** Content no card understands: a collapsible view of the raw data. */
export function TechnicalDetails({ content }: { content: unknown }) {
  let raw: string;
  try {
    raw = JSON.stringify(content, null, 2) ?? String(content);
  } catch {
    raw = String(content);
  }
  return (
    <Disclosure label="Technical Details">
      <Code block mt={4} style={{ maxHeight: 240, overflow: 'auto', fontSize: 11 }}>
        {raw}
      </Code>
    </Disclosure>
  );
}
