/**
 * Notice and help HTML. The server sanitises it when the operator saves it (an allow-list of
 * formatting tags; no scripts, styles or event handlers; http(s) links with rel=noopener), so
 * what arrives is already safe markup, and the CSP forbids inline script besides.
 */
export function RichText({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on save by the content module (html.ts).
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
