import type { HelpBlock } from '@app/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { supportEmail } from '../../brand';

/** `[label](/path)` (a site link), `**bold**` and `{supportEmail}` (a mailto link) in help text. */
const token = /\[([^\]]+)\]\(([^)]+)\)|\*\*([^*]+)\*\*|\{supportEmail\}/g;

/** One line of help text from @app/contracts, with its links and emphasis. */
export function HelpText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(token)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const [whole, label, href, bold] = match;
    const key = `${match.index}`;
    if (label && href) {
      parts.push(
        href.startsWith('/') ? (
          <Link key={key} to={href}>
            {label}
          </Link>
        ) : (
          <a key={key} href={href}>
            {label}
          </a>
        ),
      );
    } else if (bold) {
      parts.push(<strong key={key}>{bold}</strong>);
    } else {
      parts.push(
        <a key={key} href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>,
      );
    }
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/** The paragraphs and lists of a help section (the User Guide, the Terms of Service). */
export function HelpBlocks({ blocks }: { blocks: readonly HelpBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        if (block.kind === 'p') {
          return (
            <p key={index}>
              <HelpText text={block.text} />
            </p>
          );
        }
        const items = block.items.map((item) => (
          <li key={item}>
            <HelpText text={item} />
          </li>
        ));
        return block.kind === 'ol' ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
      })}
    </>
  );
}
