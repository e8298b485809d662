import {
  ApiOutlined,
  AreaChartOutlined,
  BankOutlined,
  CrownOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  IdcardOutlined,
  FileTextOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShareAltOutlined,
  SwapOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { isAdmin, worksSupportQueue } from '../../lib/roles';

export interface NavLeaf {
  to: string;
  label: string;
  icon?: ReactNode;
  /** Offered only in New Zealand and Australia (spec 2): a badge says so where the visitor is not. */
  regionGated?: boolean;
  adminOnly?: boolean;
  /** The support team's screens: shown to the roles support and admin. */
  supportOnly?: boolean;
}

export interface NavGroup {
  key: string;
  label: string;
  icon: ReactNode;
  children: NavLeaf[];
}

export type NavEntry = NavLeaf | NavGroup;

export const isNavGroup = (entry: NavEntry): entry is NavGroup => 'children' in entry;

export const analyticsGroupKey = 'analytics';

/** Spec 2 navigation shell, in the spec's order, then the product's own affiliate, support and admin areas. */
export const navEntries: NavEntry[] = [
  { to: '/dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
  { to: '/transactions', label: 'Transactions', icon: <SwapOutlined /> },
  { to: '/tokenization', label: 'Tokenization', icon: <BankOutlined />, regionGated: true },
  { to: '/compliance', label: 'Compliance', icon: <SafetyCertificateOutlined /> },
  {
    key: analyticsGroupKey,
    label: 'Analytics',
    icon: <AreaChartOutlined />,
    children: [
      { to: '/analytics', label: 'Transaction Analytics' },
      { to: '/analytics/business-metrics', label: 'Business Metrics' },
      { to: '/analytics/cash-flow', label: 'Cash Flow' },
      { to: '/analytics/customer-segmentation', label: 'Customer Segmentation' },
      { to: '/analytics/risk-analytics', label: 'Risk Analytics' },
      { to: '/analytics/competitive-analysis', label: 'Competitive Analysis' },
    ],
  },
  // The spec does not show the reports screen's route; the issue asks for it in the sidebar, after Analytics.
  { to: '/reports', label: 'Reports', icon: <FileTextOutlined /> },
  { to: '/crypto-wallet', label: 'Crypto Wallet', icon: <WalletOutlined /> },
  { to: '/integrations', label: 'Integrations', icon: <ApiOutlined /> },
  { to: '/settings', label: 'Settings', icon: <SettingOutlined /> },
  { to: '/affiliate/dashboard', label: 'Affiliate', icon: <ShareAltOutlined /> },
  { to: '/support', label: 'Support', icon: <CustomerServiceOutlined />, supportOnly: true },
  { to: '/admin/affiliates', label: 'Admin', icon: <CrownOutlined />, adminOnly: true },
  { to: '/admin/kyc', label: 'KYC Verifications', icon: <IdcardOutlined />, adminOnly: true },
];

/** Whether a user of `role` sees the item (the server refuses the calls behind it to the others). */
export const navLeafVisible = (leaf: NavLeaf, role: string): boolean =>
  (!leaf.adminOnly || isAdmin(role)) && (!leaf.supportOnly || worksSupportQueue(role));

const leaves = (entries: NavEntry[]): NavLeaf[] =>
  entries.flatMap((entry) => (isNavGroup(entry) ? entry.children : [entry]));

/**
 * The item to highlight for a path: the longest item path the URL starts with
 * (/analytics/cash-flow picks Cash Flow, not Transaction Analytics).
 */
export function activeNavPath(pathname: string): string | undefined {
  const matches = leaves(navEntries).filter((leaf) => pathname === leaf.to || pathname.startsWith(`${leaf.to}/`));
  return matches.sort((a, b) => b.to.length - a.to.length)[0]?.to;
}
