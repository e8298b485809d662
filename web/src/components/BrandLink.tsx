import { Link } from 'react-router';
import { brandName } from '../brand';

/** The brand mark, a link home. Plain HTML so the public pages need no antd. */
export function BrandLink() {
  return (
    <Link to="/" className="brand-link">
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
        <path d="M12 1.5 3.5 5v6.2c0 5.2 3.6 10 8.5 11.3 4.9-1.3 8.5-6.1 8.5-11.3V5L12 1.5Zm-1.2 14.8-3.9-3.9 1.4-1.4 2.5 2.5 5.3-5.3 1.4 1.4-6.7 6.7Z" />
      </svg>
      {brandName}
    </Link>
  );
}
