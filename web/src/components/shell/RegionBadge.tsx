import { Tag } from 'antd';
import { useTokenizationEligibility } from '../../hooks/useTokenization';
import { useIsMobile } from './useIsMobile';

/**
 * Spec 2 navigation shell: tokenization is marked 'NZ/AU Only' in the sidebar and 'Restricted' in
 * the mobile menu where the location check did not allow it (or could not tell); nothing while it
 * runs, nothing once it allowed it.
 */
export function RegionBadge() {
  const isMobile = useIsMobile();
  const eligibility = useTokenizationEligibility();
  if (eligibility.isPending || eligibility.data?.isAllowed) return null;
  return <Tag style={{ marginInlineEnd: 0 }}>{isMobile ? 'Restricted' : 'NZ/AU Only'}</Tag>;
}
