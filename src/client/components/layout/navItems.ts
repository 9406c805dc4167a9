// The navigations of SPEC 2.2, with PRODUCT.md's 'Navigation': the admin's own Account Settings
// beside Platform Settings, and the moderator's contest screen beside the member navigation.
import {
  BarChart3,
  BookOpen,
  CreditCard,
  LayoutDashboard,
  ScrollText,
  Settings,
  SlidersHorizontal,
  Trophy,
  Users,
  Medal,
  Layers,
  ShieldCheck,
  Receipt,
  Mail,
  Flag,
  HandCoins,
  MessageSquareWarning,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  href: string;
  label: string;
  short?: string;
  icon: LucideIcon;
  /** Other paths that also highlight this item. */
  also?: string[];
}

export const userNav: NavItem[] = [
  { href: '/', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/contests', label: 'Contests', icon: Trophy, also: ['/contests/create'] },
  { href: '/leaderboard', label: 'Leaderboards', icon: Medal },
  { href: '/analytics', label: 'Analytics', icon: BarChart3 },
  { href: '/education', label: 'Education', icon: BookOpen },
  { href: '/payment', label: 'Payment', icon: CreditCard },
  { href: '/settings', label: 'Account Settings', icon: Settings },
];

export const adminNav: NavItem[] = [
  { href: '/admin', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/admin/users', label: 'Users', icon: Users },
  {
    href: '/admin/subscriptions',
    label: 'Subscriptions & Payments',
    short: 'Subs',
    icon: Layers,
  },
  { href: '/admin/contests', label: 'Contests', icon: Trophy, also: ['/admin/contests/create'] },
  { href: '/admin/disputes', label: 'Disputed Matches', icon: Flag },
  // Reported discussion posts (issue 32).
  { href: '/admin/reports', label: 'Reports', icon: MessageSquareWarning },
  // Paying contest winners (issue 30).
  { href: '/admin/payouts', label: 'Payouts', icon: HandCoins },
  { href: '/admin/education', label: 'Education', icon: BookOpen, also: ['/admin/education/new'] },
  { href: '/admin/audit', label: 'Audit Log', icon: ScrollText },
  { href: '/admin/outbox', label: 'Outbox', icon: Mail },
  // SPEC 2.2 calls this link 'Account Settings', but the page holds the platform's settings.
  { href: '/admin/settings', label: 'Platform Settings', icon: SlidersHorizontal },
  { href: '/settings', label: 'Account Settings', icon: Settings },
];

/**
 * Moderators: the member navigation, and the contest moderation and payment review screens
 * before their settings.
 * PRODUCT.md names that screen 'Contests', but the member entry beside it is 'Contests'
 * (/contests) already: two links of one name to different pages would leave a moderator (and a
 * screen reader's link list) guessing, so this one says what it is for.
 */
export const moderatorNav: NavItem[] = [
  ...userNav.slice(0, -1),
  { href: '/admin/contests', label: 'Moderation', icon: ShieldCheck },
  // Tournament results the two sides disagree on (issue 19).
  { href: '/admin/disputes', label: 'Disputed Matches', icon: Flag },
  // Reported discussion posts (issue 32).
  { href: '/admin/reports', label: 'Reports', icon: MessageSquareWarning },
  // Their own /payment stays 'Payment'; this one is where proofs are reviewed.
  { href: '/admin/subscriptions', label: 'Payment Review', icon: Receipt },
  userNav.at(-1)!,
];

export const userBottomNav = ['/', '/contests', '/leaderboard', '/analytics', '/payment'];
export const adminBottomNav = ['/admin', '/admin/users', '/admin/subscriptions'];

export function isActive(item: NavItem, location: string): boolean {
  return location === item.href || (item.also ?? []).includes(location);
}
