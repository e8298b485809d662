import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../hooks/useToast';

const copiedResetMs = 2000;

interface CopyButtonProps {
  text: string;
  label: string;
  /** The toast title: 'Copied!' in settings (spec 4), 'Copied' on the integrations screen (spec 8). */
  copiedTitle?: string;
}

/** Copies `text`; shows a toast and a copied state for 2 seconds. */
export function CopyButton({ text, label, copiedTitle = 'Copied!' }: CopyButtonProps) {
  const { toast } = useToast();
  const [copied, setCopied] = useState(false);
  const resetTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Your browser did not allow copying. Select the text and copy it instead.',
        variant: 'destructive',
      });
      return;
    }
    setCopied(true);
    window.clearTimeout(resetTimer.current);
    resetTimer.current = window.setTimeout(() => setCopied(false), copiedResetMs);
    toast({ title: copiedTitle, description: `${label} copied to your clipboard.`, variant: 'success' });
  };

  return (
    <Button
      size="small"
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      aria-label={`${copied ? 'Copied' : 'Copy'} ${label.toLowerCase()}`}
      onClick={() => void copy()}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
