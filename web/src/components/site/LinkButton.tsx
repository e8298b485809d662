import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../lib/cx';
import styles from './site.module.css';

interface LinkButtonProps {
  to: string;
  children: ReactNode;
  primary?: boolean;
  large?: boolean;
  block?: boolean;
}

/** A link that looks like a button (plain HTML; antd pages use ButtonLink instead). */
export function LinkButton({ to, children, primary, large, block }: LinkButtonProps) {
  const className = cx(
    styles.button,
    primary && styles.buttonPrimary,
    large && styles.buttonLarge,
    block && styles.buttonBlock,
  );
  if (to.startsWith('#') || to.startsWith('mailto:') || to.startsWith('tel:')) {
    return (
      <a href={to} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
