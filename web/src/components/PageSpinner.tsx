/** Plain HTML and CSS (styles.css): it shows before antd has loaded. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return <div className="page-spinner" role="status" aria-label={label} />;
}
