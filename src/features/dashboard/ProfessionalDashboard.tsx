import { TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useQuery } from "convex/react";
import { Link } from "react-router-dom";
import { formatMoney, PHOTOGRAPHER_PROFESSION } from "@common/jobCatalog";
import { professionLabel } from "@common/professions";
import type { Viewer } from "@/app/session";
import { cardClasses, EmptyState, ListSkeleton } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { BROWSER_TIME_ZONE } from "@/lib/timeZone";
import { AvailableJobs, MyWork } from "./ProfessionalJobs";
import { DashboardLayout } from "./DashboardLayout";
import { LeadInsights } from "./LeadInsights";
import {
  Badge,
  DashboardTab,
  DashIcon,
  headingText,
  ListErrorBoundary,
  mutedText,
  relativeTimeLabel,
  StatTile,
  tabListClasses,
  type IconName,
} from "./parts";
import { ProfileSummary } from "./ProfileSummary";
import { ListingLimitNotice } from "@/features/subscriptions/ListingLimitNotice";
import { TextLink } from "@/components/ui";

// Professional dashboard (spec §2 "Dashboards"): figures from dashboard.professional, jobs
// recommended for the viewer's professions and place, their own work, quick links and their own
// recent job activity. Everything is live data; nothing is sample content.

export function ProfessionalDashboard({ viewer }: { viewer: Viewer }) {
  const primary = viewer.primaryProfession ? professionLabel(viewer.primaryProfession) : null;
  const tiles = useQuery(api.dashboard.professional, { timeZone: BROWSER_TIME_ZONE });
  const available = tiles ? tiles.available : viewer.availabilityStatus === "available";
  return (
    <DashboardLayout
      viewer={viewer}
      subtitle={
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          {primary ? (
            <p>
              Primary profession: <strong className="text-slate-900 dark:text-white">{primary}</strong>
              {viewer.businessName && <span> · {viewer.businessName}</span>}
            </p>
          ) : (
            <p>Your professional dashboard.</p>
          )}
          <Badge
            className={
              available
                ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200"
                : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
            }
          >
            {available ? "Available" : "Busy"}
          </Badge>
        </div>
      }
    >
      <ListingLimitNotice />
      <section aria-label="Your figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatTile label="Active Jobs" icon={<DashIcon name="briefcase" />} value={tiles?.activeJobs} />
        <StatTile
          label="This Month"
          icon={<DashIcon name="dollar" />}
          value={tiles ? formatMoney(tiles.thisMonth) : undefined}
          detail={<TextLink to="/earnings">Released payments</TextLink>}
        />
        <StatTile
          label="Rating"
          icon={<DashIcon name="star" />}
          value={tiles?.rating.toFixed(1)}
          detail={tiles ? `${tiles.reviewCount} ${tiles.reviewCount === 1 ? "review" : "reviews"}` : undefined}
        />
        <StatTile
          label="Network"
          icon={<DashIcon name="users" />}
          value={tiles?.connections}
          detail={<TextLink to="/network">Connections</TextLink>}
        />
      </section>

      <LeadInsights />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <TabGroup>
            <TabList aria-label="Jobs" className={tabListClasses}>
              <DashboardTab>Available Jobs</DashboardTab>
              <DashboardTab>My Jobs</DashboardTab>
              <DashboardTab>Completed</DashboardTab>
            </TabList>
            <TabPanels className="mt-5">
              <TabPanel className="rounded-md">
                <AvailableJobs />
              </TabPanel>
              <TabPanel className="rounded-md">
                <MyWork group="active" />
              </TabPanel>
              <TabPanel className="rounded-md">
                <MyWork group="completed" />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        </div>

        <aside className="min-w-0 space-y-6" aria-label="Shortcuts and activity">
          <QuickActions
            unreadMessages={viewer.unreadMessages}
            photographer={(viewer.professions ?? []).includes(PHOTOGRAPHER_PROFESSION)}
          />
          <section aria-labelledby="activity-heading" className={cn(cardClasses, "p-4 sm:p-5")}>
            <h2 id="activity-heading" className={cn("text-lg font-semibold", headingText)}>
              Recent Activity
            </h2>
            <div className="mt-3">
              <ListErrorBoundary
                title="Unable to Load Activity"
                message="There was an error loading your recent activity. Please try again."
              >
                <RecentActivity />
              </ListErrorBoundary>
            </div>
          </section>
        </aside>
      </div>

      <ProfileSummary viewer={viewer} showProfessional />
    </DashboardLayout>
  );
}

function QuickActions({ unreadMessages, photographer }: { unreadMessages: number; photographer: boolean }) {
  const actions: { to: string; label: string; icon: IconName; badge?: number }[] = [
    { to: "/profile", label: "Profile", icon: "user" },
    { to: "/network", label: "Network", icon: "network" },
    { to: "/messages", label: "Messages", icon: "chat", badge: unreadMessages },
    // Photographers take and deliver photo requests (issue 15).
    ...(photographer ? [{ to: "/photo-requests", label: "Photo requests", icon: "camera" as const }] : []),
  ];
  return (
    <nav aria-labelledby="quick-actions-heading" className={cn(cardClasses, "p-4 sm:p-5")}>
      <h2 id="quick-actions-heading" className={cn("text-lg font-semibold", headingText)}>
        Quick Actions
      </h2>
      <ul className="mt-3 space-y-1">
        {actions.map((action) => (
          <li key={action.to}>
            <Link
              to={action.to}
              className="flex min-h-11 items-center gap-3 rounded-md px-3 py-2 font-medium text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              <DashIcon name={action.icon} className="text-brand-700 dark:text-brand-300" />
              <span className="flex-1">{action.label}</span>
              {action.badge ? (
                <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white dark:bg-red-400 dark:text-red-950">
                  {action.badge > 99 ? "99+" : action.badge}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function RecentActivity() {
  const events = useQuery(api.dashboard.recentActivity);
  if (events === undefined) {
    return <ListSkeleton count={3} shape="bar" label="Loading recent activity" />;
  }
  if (events.length === 0) {
    return (
      <EmptyState title="No activity yet">
        <p className="text-sm">Bids you place and jobs you work on show here.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-700">
      {events.map((event) => (
        <li key={event._id} className="py-2.5 first:pt-0 last:pb-0">
          <Link
            to={`/jobs/${event.jobId}`}
            className="block rounded-sm text-sm break-words text-slate-900 hover:underline dark:text-slate-100"
          >
            {event.text}
          </Link>
          <p className={cn("mt-0.5 text-xs", mutedText)}>
            <time dateTime={new Date(event.at).toISOString()}>{relativeTimeLabel(event.at)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
