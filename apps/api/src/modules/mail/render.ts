import type { Language } from '@cusco/shared';
import { mailText } from './texts.ts';

/**
 * What an e-mail says, as blocks: each template builds them once, and they are written twice,
 * as HTML and as plain text, so both parts always say the same. Every value is text: the HTML
 * writer escapes it (a customer's name or a request's answer can hold anything).
 */
export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'facts'; rows: [label: string, value: string][] }
  | { type: 'button'; label: string; href: string }
  | { type: 'list'; items: string[] }
  | { type: 'quote'; text: string }
  | { type: 'note'; text: string };

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** Line breaks in a value (a request's answer) become <br> in HTML. */
const multiline = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');

const ink = '#1f2a37';
const muted = '#4b5563';
const brand = '#9a3412';

function htmlBlock(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;line-height:1.5">${multiline(block.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:${muted}">${multiline(block.text)}</p>`;
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid ${brand};background:#fff7ed;line-height:1.5">${multiline(block.text)}</blockquote>`;
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${block.items
        .map((item) => `<li>${escapeHtml(item)}</li>`)
        .join('')}</ul>`;
    case 'facts':
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;font-weight:600;padding:4px 12px 4px 0;vertical-align:top;color:${muted};white-space:nowrap">${escapeHtml(label)}</th><td style="padding:4px 0;vertical-align:top">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'button':
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:${brand};color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:6px">${escapeHtml(block.label)}</a></p>`;
  }
}

function textBlock(block: Block): string {
  switch (block.type) {
    case 'paragraph':
    case 'note':
      return block.text;
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'facts': {
      const width = Math.max(...block.rows.map(([label]) => label.length));
      return block.rows
        .map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`)
        .join('\n');
    }
    case 'button':
      return `${block.label}: ${block.href}`;
  }
}

/** Writes an e-mail's blocks as its HTML and plain-text parts, in its language. */
export function renderMail(
  message: { subject: string; blocks: Block[]; publicUrl: string },
  language: Language,
): Rendered {
  const footer = mailText('footer', language);
  const text = [
    ...message.blocks.map(textBlock),
    mailText('signOff', language),
    `--\n${footer}\n${message.publicUrl}`,
  ].join('\n\n');
  const html = `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(message.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;font-size:15px;color:${ink}">
<div style="max-width:600px;margin:0 auto;padding:24px 16px">
<div style="background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 20px;font-size:20px;font-weight:700;color:${brand}">${escapeHtml(mailText('agency', language))}</p>
${message.blocks.map(htmlBlock).join('\n')}
<p style="margin:24px 0 0;line-height:1.5">${escapeHtml(mailText('signOff', language))}</p>
</div>
<p style="margin:16px 0 0;font-size:12px;color:${muted};text-align:center">${escapeHtml(footer)}<br><a href="${escapeHtml(message.publicUrl)}" style="color:${muted}">${escapeHtml(message.publicUrl)}</a></p>
</div>
</body>
</html>
`;
  return { subject: message.subject, text, html };
}
