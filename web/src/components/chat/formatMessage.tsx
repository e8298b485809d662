import type { ChatSource } from '@app/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Issue 39: the assistant answers in light markdown (paragraphs, "- " bullets, numbered steps,
 * **bold**, [links](/path)), which the chat showed raw. This renders that subset as React elements:
 * every piece of text stays text (React escapes it), so nothing in an answer can become markup, and
 * a link is followed only to a path of this site or an http(s) address.
 */

type Block = { kind: 'paragraph'; lines: string[] } | { kind: 'bullets' | 'steps'; items: string[] };

const bullet = /^\s*[-*•]\s+(.*)$/;
const step = /^\s*\d+[.)]\s+(.*)$/;
/** A trailing "Source: …" / "Sources: …" line, which the list under the answer already shows. */
const sourcesLine = /^\s*sources?\s*:/i;

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const last = blocks[blocks.length - 1];
    const item = bullet.exec(line) ?? step.exec(line);
    if (item) {
      const kind = bullet.test(line) ? 'bullets' : 'steps';
      if (last?.kind === kind) last.items.push(item[1]!);
      else blocks.push({ kind, items: [item[1]!] });
    } else if (!line.trim()) {
      if (last?.kind === 'paragraph' && last.lines.length) blocks.push({ kind: 'paragraph', lines: [] });
    } else if (last?.kind === 'paragraph') last.lines.push(line.trim());
    else blocks.push({ kind: 'paragraph', lines: [line.trim()] });
  }
  return blocks.filter((block) => (block.kind === 'paragraph' ? block.lines.length > 0 : true));
}

/** A link target this chat follows: a path of this site, or an http(s) address. */
function safeHref(href: string): { internal: string } | { external: string } | null {
  if (href.startsWith('/') && !href.startsWith('//') && !href.includes('\\')) return { internal: href };
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { external: url.href } : null;
  } catch {
    return null;
  }
}

const inline = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Bold and links within one line; everything else as plain text. */
function inlineOf(text: string, linkStyle: React.CSSProperties | undefined): ReactNode[] {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(inline)) {
    if (match.index > at) nodes.push(text.slice(at, match.index));
    const [whole, bold, label, href] = match;
    const key = `${match.index}`;
    if (bold !== undefined) nodes.push(<strong key={key}>{bold}</strong>);
    else {
      const target = safeHref(href!);
      if (target && 'internal' in target)
        nodes.push(
          <Link key={key} to={target.internal} style={linkStyle}>
            {label}
          </Link>,
        );
      else if (target)
        nodes.push(
          <a key={key} href={target.external} target="_blank" rel="noopener noreferrer" style={linkStyle}>
            {label}
          </a>,
        );
      else nodes.push(whole);
    }
    at = match.index + whole.length;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}

/**
 * The answer as paragraphs and lists. With `withoutSourcesLine`, a closing "Source(s): …"
 * paragraph is left out: the sources are listed once, under the answer.
 */
export function FormattedMessage({
  text,
  withoutSourcesLine = false,
  linkStyle,
}: {
  text: string;
  withoutSourcesLine?: boolean;
  linkStyle?: React.CSSProperties;
}) {
  let blocks = blocksOf(text);
  const last = blocks[blocks.length - 1];
  if (withoutSourcesLine && last?.kind === 'paragraph' && sourcesLine.test(last.lines[0]!))
    blocks = blocks.slice(0, -1);
  return (
    <>
      {blocks.map((block, index) => {
        if (block.kind === 'paragraph')
          return (
            <p key={index} style={{ margin: index === 0 ? 0 : '8px 0 0' }}>
              {block.lines.map((line, lineIndex) => (
                <span key={lineIndex}>
                  {lineIndex > 0 && <br />}
                  {inlineOf(line, linkStyle)}
                </span>
              ))}
            </p>
          );
        const List = block.kind === 'bullets' ? 'ul' : 'ol';
        return (
          <List key={index} style={{ margin: index === 0 ? 0 : '8px 0 0', paddingInlineStart: 20 }}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{inlineOf(item, linkStyle)}</li>
            ))}
          </List>
        );
      })}
    </>
  );
}

/** Each source once (by its page), in the order the answer cited them. */
export function distinctSources(sources: readonly ChatSource[]): ChatSource[] {
  const seen = new Set<string>();
  return sources.filter((source) => {
    const key = source.path || source.id;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
