const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text (names, subjects, links) for the HTML part of a mail. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => entities[c]!);
