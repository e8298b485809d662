import { Card } from 'antd';
import type { ReactNode } from 'react';
import { CopyButton } from '../../../components/CopyButton';

interface CopyableCardProps {
  title: string;
  /** What the copy button puts on the clipboard. */
  copyText: string;
  children: ReactNode;
}

/** One piece of generated copy with its copy button. */
export function CopyableCard({ title, copyText, children }: CopyableCardProps) {
  return (
    <Card size="small" title={title} extra={<CopyButton text={copyText} label={title} />}>
      {children}
    </Card>
  );
}

/** Generated text keeps its line breaks. */
export const preWrap = { whiteSpace: 'pre-wrap' } as const;
