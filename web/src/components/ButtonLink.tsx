import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';

type ButtonLinkProps = Omit<ButtonProps, 'href' | 'onClick'> & { to: string };

/** Looks like a button, behaves like a link: a real <a href> that navigates client-side. */
export function ButtonLink({ to, ...props }: ButtonLinkProps) {
  const navigate = useNavigate();
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={href} onClick={onClick} />;
}
