import { TabGroup, TabPanel, TabPanels } from "@headlessui/react";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useEffect, useState, type ReactNode } from "react";
import { useParams } from "react-router-dom";
import { accentHex } from "@common/branding";
import { planById } from "@common/plans";
import { ProfileCopy } from "@common/profile";
import { SocialCopy } from "@common/socialCatalog";
import { professionLabel } from "@common/professions";
import { useViewer } from "@/app/session";
import {
  Button,
  ButtonLink,
  Card,
  EmptyState,
  Skeleton,
  Spinner,
  TextLink,
  cardClasses,
  useToast,
} from "@/components/ui";
import { Avatar } from "@/components/ui/Avatar";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { AvailabilityToggle } from "@/features/availability/AvailabilityToggle";
import { FollowButton } from "@/features/feed/FollowButton";
import { ProfilePosts } from "@/features/feed/ProfilePosts";
import { PORTFOLIO_LOAD_FAILED, PortfolioGrid, PortfolioSkeleton } from "@/features/portfolio/PortfolioGrid";
import { ReviewList } from "@/features/reviews/ReviewList";
import { Endorsements } from "./Endorsements";
import { CHECK_PATH, Pill, Stars, dateText } from "@/features/reviews/parts";
import { UnderlineTabList } from "@/components/ui/Tabs";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import type { ErrorCopy } from "@/lib/errors";
import { useErrorToast } from "@/lib/useErrorToast";
import { usePageTitle } from "@/lib/usePageTitle";
import { useTabParam } from "@/lib/useTabParam";
import {
  businessSizeLabel,
  experienceLevelLabel,
  fullName,
  joinedText,
  placeText,
  propertyTypeLabel,
  roleText,
  serviceCategoryLabel,
} from "./format";
import { StrokeIcon } from "@/components/ui/Icon";
import { CheckedCredentials } from "./CheckedCredentials";

// /profile (own) and /profile/:id (spec §2 Profile): the header (avatar, name, badges, role, bio,
// place, join date, Available/Busy live), the owner's contact details, Edit Profile or Message and
// Connect and Follow, the figure tiles (live), and the tabs Posts, About, Reviews, Portfolio (kept in ?tab=).

type ProfileData = NonNullable<FunctionReturnType<typeof api.profiles.get>>;

const TABS = [
  { key: "posts", label: "Posts" },
  { key: "about", label: "About" },
  { key: "reviews", label: "Reviews" },
  { key: "portfolio", label: "Portfolio" },
] as const;
const TAB_KEYS = TABS.map((t) => t.key);

export function ProfilePage() {
  const { id } = useParams();
  return (
    <QueryErrorBoundary fallback={() => <ProfileNotFound />}>
      <Profile userId={id} />
    </QueryErrorBoundary>
  );
}

function Profile({ userId }: { userId: string | undefined }) {
  const data = useQuery(api.profiles.get, userId === undefined ? {} : { userId });
  usePageTitle(data === undefined ? "Profile" : data === null ? ProfileCopy.notFound : displayName(data.user));
  if (data === undefined) return <ProfileSkeleton />;
  if (data === null) return <ProfileNotFound />;
  return <ProfileView data={data} />;
}

function displayName(user: ProfileData["user"]): string {
  return user.businessName || fullName(user) || "Member";
}

function ProfileNotFound() {
  usePageTitle(ProfileCopy.notFound);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{ProfileCopy.notFound}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-200">This profile does not exist or is no longer available.</p>
      <ButtonLink to="/" className="mt-6">
        Go to home
      </ButtonLink>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8" role="status" aria-live="polite">
      <span className="sr-only">Loading profile...</span>
      <div aria-hidden="true" className={cn(cardClasses, "p-6")}>
        <div className="flex flex-col gap-4 sm:flex-row">
          <Skeleton className="size-24 rounded-full" />
          <div className="flex-1 space-y-3">
            <Skeleton className="h-7 w-1/2 rounded" />
            <Skeleton className="h-4 w-1/3 rounded" />
            <Skeleton className="h-4 w-2/3 rounded" />
          </div>
        </div>
      </div>
    </div>
  );
}

/** Pro Profile branding: the cover image on the accent colour (nothing below Pro; convex/branding.ts). */
function ProfileCover({ userId }: { userId: ProfileData["user"]["_id"] }) {
  const branding = useQuery(api.branding.of, { userId });
  if (!branding || (!branding.coverUrl && !branding.accent)) return null;
  return (
    <div
      data-testid="profile-cover"
      className="h-28 overflow-hidden rounded-lg sm:h-40"
      style={{ backgroundColor: accentHex(branding.accent ?? "brand") }}
    >
      {branding.coverUrl && <img src={branding.coverUrl} alt="" className="size-full object-cover" />}
    </div>
  );
}

/** Lead insights: opening a professional's profile counts a view (once a day per viewer, on the server). */
function useCountProfileView(userId: ProfileData["user"]["_id"] | null) {
  const record = useMutation(api.insights.recordProfileView);
  useEffect(() => {
    if (userId !== null) record({ userId }).catch(() => undefined);
  }, [record, userId]);
}

function ProfileView({ data }: { data: ProfileData }) {
  const { user, isOwn, stats } = data;
  const [index, selectTab] = useTabParam(TAB_KEYS);
  const isPro = user.userType === "professional";
  const name = displayName(user);
  useCountProfileView(isPro && !isOwn ? user._id : null);

  const tiles: { label: string; value: number }[] = [
    { label: "Posts", value: stats.postsCount },
    { label: "Connections", value: stats.connectionsCount },
    { label: "Followers", value: stats.followersCount },
    { label: "Following", value: stats.followingCount },
  ];
  if (isPro) tiles.push({ label: "Reputation points", value: stats.referralPoints });

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:py-10">
      {isPro && <ProfileCover userId={user._id} />}
      <Card as="section" aria-labelledby="profile-name" className="space-y-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <Avatar
            firstName={user.firstName}
            lastName={user.lastName}
            name={name}
            image={user.image}
            className="size-24 text-3xl"
          />
          <div className="min-w-0 flex-1 space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <h1
                id="profile-name"
                className="text-2xl font-bold break-words text-slate-900 sm:text-3xl dark:text-white"
              >
                {name}
              </h1>
              {user.verified && (
                <Pill className="border-brand-700 bg-brand-50 text-brand-900 dark:border-brand-300 dark:bg-brand-950 dark:text-brand-100">
                  <StrokeIcon d={CHECK_PATH} strokeWidth={3} className="size-3.5" />
                  Verified
                </Pill>
              )}
              <Pill>
                <span className="sr-only">Plan: </span>
                {planById(user.tier).name}
              </Pill>
            </div>
            {user.businessName && fullName(user) && (
              <p className="font-medium text-slate-800 dark:text-slate-100">{fullName(user)}</p>
            )}
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700 dark:text-slate-200">
              {roleText(user) && (
                <span className="font-semibold text-brand-800 dark:text-brand-200">{roleText(user)}</span>
              )}
              {placeText(user) && <span>{placeText(user)}</span>}
              <span>{joinedText(user.joinedAt)}</span>
            </p>
            {isPro && (
              <div className="flex flex-wrap items-center gap-3">
                {isOwn ? <AvailabilityToggle /> : <AvailabilityBadge available={user.available !== false} />}
                {user.reviewCount > 0 && (
                  <span className="inline-flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-200">
                    <Stars rating={user.rating} />
                    {user.rating.toFixed(1)} ({user.reviewCount.toLocaleString("en-US")} review
                    {user.reviewCount === 1 ? "" : "s"})
                  </span>
                )}
              </div>
            )}
          </div>
          <div className="flex flex-wrap gap-2 sm:justify-end">
            {isOwn ? (
              <ButtonLink to="/edit-profile" variant="secondary">
                Edit Profile
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to={`/messages/${user._id}`}>Message</ButtonLink>
                <ConnectButton data={data} />
                <FollowButton userId={user._id} name={name} />
              </>
            )}
          </div>
        </div>
        {user.bio && <p className="break-words whitespace-pre-line text-slate-800 dark:text-slate-200">{user.bio}</p>}
        {isOwn && data.contact && (data.contact.email || data.contact.phone) && (
          <div className="rounded-md bg-slate-100 px-4 py-3 dark:bg-slate-800">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">
              Your contact details{" "}
              <span className="font-normal text-slate-600 dark:text-slate-300">(only you see these)</span>
            </h2>
            <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              {data.contact.email && (
                <>
                  <dt className="text-slate-600 dark:text-slate-300">Email</dt>
                  <dd className="break-all text-slate-900 dark:text-slate-100">{data.contact.email}</dd>
                </>
              )}
              {data.contact.phone && (
                <>
                  <dt className="text-slate-600 dark:text-slate-300">Phone</dt>
                  <dd className="text-slate-900 dark:text-slate-100">{data.contact.phone}</dd>
                </>
              )}
            </dl>
          </div>
        )}
      </Card>
      {isPro && <Endorsements userId={user._id} isOwn={isOwn} />}

      <ul
        aria-label="Profile figures"
        className={cn("grid grid-cols-2 gap-3 sm:gap-4", isPro ? "sm:grid-cols-5" : "sm:grid-cols-4")}
      >
        {tiles.map((t, i) => (
          <li
            key={t.label}
            className={cn(
              cardClasses,
              "p-4 text-center",
              isPro && i === tiles.length - 1 && "col-span-2 sm:col-span-1",
            )}
          >
            <p className="text-2xl font-bold text-slate-900 dark:text-white">{t.value.toLocaleString("en-US")}</p>
            <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{t.label}</p>
          </li>
        ))}
      </ul>

      <TabGroup selectedIndex={index} onChange={selectTab}>
        <UnderlineTabList label="Profile sections" tabs={TABS} />
        <TabPanels className="pt-6">
          <TabPanel className="rounded-md">
            <QueryErrorBoundary fallback={(retry) => <ErrorState message={SocialCopy.feedFailed} onRetry={retry} />}>
              <ProfilePosts userId={user._id} isOwn={isOwn} />
            </QueryErrorBoundary>
          </TabPanel>
          <TabPanel className="rounded-md">
            <AboutTab data={data} />
          </TabPanel>
          <TabPanel className="rounded-md">
            {isPro ? (
              <ReviewList
                args={{ professionalId: user._id }}
                emptyHint={isOwn ? "Reviews from clients of your completed jobs show up here." : undefined}
              />
            ) : (
              <EmptyState title={ProfileCopy.reviewsEmpty}>Reviews are written about professionals.</EmptyState>
            )}
          </TabPanel>
          <TabPanel className="rounded-md">
            <QueryErrorBoundary fallback={(retry) => <ErrorState message={PORTFOLIO_LOAD_FAILED} onRetry={retry} />}>
              <ProfilePortfolio userId={user._id} isOwn={isOwn} />
            </QueryErrorBoundary>
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}

function AvailabilityBadge({ available }: { available: boolean }) {
  return (
    <Pill
      className={
        available
          ? "border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
          : "border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
      }
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-2 rounded-full",
          available ? "bg-green-700 dark:bg-green-400" : "bg-amber-700 dark:bg-amber-400",
        )}
      />
      {available ? "Available" : "Busy"}
    </Pill>
  );
}

const connectionFailedCopy = {
  title: "Error",
  description: "Please try again.",
  format: ProfileCopy.connectionFailed,
} satisfies ErrorCopy;

/** Connect / Pending / Accept / Connected (spec §4 Connection); only between professionals. */
function ConnectButton({ data }: { data: ProfileData }) {
  const viewer = useViewer();
  const { toast } = useToast();
  const showError = useErrorToast();
  const request = useMutation(api.connections.request);
  const respond = useMutation(api.connections.respond);
  const [busy, setBusy] = useState(false);
  const connection = data.connection;
  if (!connection || viewer.userType !== "professional" || data.user.userType !== "professional") return null;

  const run = async (action: () => Promise<unknown>, success: { title: string; description: string }) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
      toast({ ...success, variant: "success" });
    } catch (error) {
      showError(error, connectionFailedCopy);
    } finally {
      setBusy(false);
    }
  };

  switch (connection.state) {
    case "connected":
      return (
        <Button variant="secondary" disabled>
          Connected
        </Button>
      );
    case "outgoing":
      return (
        <Button variant="secondary" disabled>
          Pending
        </Button>
      );
    case "incoming":
      return (
        <Button
          variant="secondary"
          loading={busy}
          loadingText="Accepting..."
          onClick={() =>
            void run(() => respond({ connectionId: connection.connectionId!, accept: true }), {
              title: "Connection accepted",
              description: `You are now connected with ${displayName(data.user)}.`,
            })
          }
        >
          Accept
        </Button>
      );
    default:
      return (
        <Button
          variant="secondary"
          loading={busy}
          loadingText="Connecting..."
          onClick={() =>
            void run(() => request({ userId: data.user._id }), {
              title: ProfileCopy.connectionSentTitle,
              description: ProfileCopy.connectionSent,
            })
          }
        >
          Connect
        </Button>
      );
  }
}

function AboutTab({ data }: { data: ProfileData }) {
  const { user, about } = data;
  const isPro = user.userType === "professional";
  const rows: [string, ReactNode][] = [];
  const list = (values: readonly string[], label: (v: string) => string = (v) => v) =>
    values.length > 0 ? values.map(label).join(", ") : null;
  const add = (term: string, value: ReactNode | null | undefined) => {
    if (value !== null && value !== undefined && value !== "") rows.push([term, value]);
  };
  add("Profession", list(user.professions, professionLabel) ?? roleText(user));
  add("Business name", user.businessName);
  add(
    "Years of experience",
    about.yearsExperience !== null ? `${about.yearsExperience} year${about.yearsExperience === 1 ? "" : "s"}` : null,
  );
  add("Experience level", about.experienceLevel ? experienceLevelLabel(about.experienceLevel) : null);
  add("License number", about.licenseNumber);
  if (isPro) add("Credentials", <CheckedCredentials userId={user._id} />);
  add("Specialties", list(user.specialties));
  add("Service categories", list(about.serviceCategories, serviceCategoryLabel));
  add("Property types", list(about.propertyTypes, propertyTypeLabel));
  add("Languages", list(about.languages));
  add("Certifications", list(about.certifications));
  add("Business size", about.businessSize ? businessSizeLabel(about.businessSize) : null);
  add("Service radius", about.preferredRadius !== null ? `${about.preferredRadius} miles` : null);
  add(
    "Location",
    [placeText(user), about.county && (/county$/i.test(about.county) ? about.county : `${about.county} County`)]
      .filter(Boolean)
      .join(" · ") || null,
  );
  add("Bio", user.bio ? <span className="whitespace-pre-line">{user.bio}</span> : null);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card as="section" aria-labelledby="about-heading">
        <h2 id="about-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          About
        </h2>
        {rows.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-300">
            {data.isOwn ? (
              <>
                Nothing here yet. <TextLink to="/edit-profile">Complete your profile</TextLink>
              </>
            ) : (
              "This member has not added details yet."
            )}
          </p>
        ) : (
          <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[11rem_minmax(0,1fr)]">
            {rows.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{term}</dt>
                <dd className="break-words text-slate-900 dark:text-slate-100">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
      {isPro && <ReputationCard userId={user._id} completedJobs={data.stats.completedJobs} />}
    </div>
  );
}

function ReputationCard({ userId, completedJobs }: { userId: string; completedJobs: number }) {
  return (
    <Card as="section" aria-labelledby="reputation-heading" className="space-y-3">
      <h2 id="reputation-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Reputation
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {completedJobs.toLocaleString("en-US")} completed job{completedJobs === 1 ? "" : "s"} on Rafter. Points come
        from referrals in the backup network that end in completed work.
      </p>
      <QueryErrorBoundary fallback={(retry) => <ErrorState message="Failed to fetch reputation" onRetry={retry} />}>
        <ReputationLedger userId={userId} />
      </QueryErrorBoundary>
    </Card>
  );
}

function ReputationLedger({ userId }: { userId: string }) {
  const ledger = useQuery(api.profiles.reputation, { userId });
  if (ledger === undefined) return <Spinner label="Loading reputation..." />;
  return (
    <div className="space-y-2">
      <p className="text-2xl font-bold text-slate-900 dark:text-white">
        {ledger.total.toLocaleString("en-US")} <span className="text-base font-medium">points</span>
      </p>
      {ledger.events.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No points earned yet.</p>
      ) : (
        <ul aria-label="Points history" className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
          {ledger.events.map((e) => (
            <li key={e._id} className="flex items-start justify-between gap-3 py-2">
              <span className="min-w-0 break-words text-slate-800 dark:text-slate-200">
                {e.reason}
                <span className="block text-xs text-slate-600 dark:text-slate-300">{dateText(e._creationTime)}</span>
              </span>
              <span className="shrink-0 font-semibold text-green-800 dark:text-green-300">
                {e.points > 0 ? "+" : ""}
                {e.points}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ProfilePortfolio({ userId, isOwn }: { userId: string; isOwn: boolean }) {
  const items = useQuery(api.portfolio.list, { userId });
  if (items === undefined) return <PortfolioSkeleton />;
  if (items.length === 0) {
    return (
      <EmptyState title="No portfolio items yet">
        {isOwn ? (
          <TextLink to="/portfolio">Add your work</TextLink>
        ) : (
          "This member has not added work to their portfolio yet."
        )}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      {isOwn && (
        <p className="text-sm">
          <TextLink to="/portfolio">Manage your portfolio</TextLink>
        </p>
      )}
      <PortfolioGrid items={items} />
    </div>
  );
}
