import { TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useQuery } from "convex/react";
import { useState } from "react";
import { NEARBY_PROS_MILES } from "@common/jobCatalog";
import type { Viewer } from "@/app/session";
import { Button, ButtonLink, TextLink } from "@/components/ui";
import { PostJobDialog } from "@/features/jobs/PostJobDialog";
import { NearbyMaterials } from "@/features/scrap/NearbyMaterials";
import { api } from "@/lib/api";
import { DashboardLayout } from "./DashboardLayout";
import { FindProfessionals } from "./FindProfessionals";
import { MyProjects } from "./MyProjects";
import { DashboardTab, DashIcon, StatTile, tabListClasses } from "./parts";
import { ProfileSummary } from "./ProfileSummary";

// Customer dashboard (spec §2 "Dashboards"): figures from dashboard.customer (kept counters and a
// bounded nearby read), the viewer's projects, nearby professionals, and the materials marketplace.

export function CustomerDashboard({ viewer }: { viewer: Viewer }) {
  const [posting, setPosting] = useState(false);
  const tiles = useQuery(api.dashboard.customer);

  const nearbyValue =
    tiles === undefined ? undefined : tiles.nearbyPros === null ? (
      <TextLink to="/edit-profile" className="text-base">
        Add your ZIP code
      </TextLink>
    ) : tiles.nearbyPros.capped ? (
      `${tiles.nearbyPros.count}+`
    ) : (
      tiles.nearbyPros.count
    );

  return (
    <DashboardLayout
      viewer={viewer}
      subtitle={<p>Manage your property projects and find trusted professionals.</p>}
      actions={
        <>
          <Button onClick={() => setPosting(true)}>
            <DashIcon name="plus" />
            Post New Project
          </Button>
          <ButtonLink to="/request-quote" variant="secondary">
            Request a Quote
          </ButtonLink>
        </>
      }
    >
      <PostJobDialog open={posting} onClose={() => setPosting(false)} />

      <section aria-label="Your figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatTile label="Active Projects" icon={<DashIcon name="briefcase" />} value={tiles?.activeProjects} />
        <StatTile label="Completed Projects" icon={<DashIcon name="check" />} value={tiles?.completedProjects} />
        <StatTile
          label="Messages"
          icon={<DashIcon name="bell" />}
          value={tiles?.unreadMessages}
          detail={<TextLink to="/messages">Unread · open messages</TextLink>}
        />
        <StatTile
          label="Nearby Pros"
          icon={<DashIcon name="users" />}
          value={nearbyValue}
          detail={tiles?.nearbyPros === null ? "To see professionals near you" : `Within ${NEARBY_PROS_MILES} miles`}
        />
      </section>

      <TabGroup>
        <TabList aria-label="Dashboard sections" className={tabListClasses}>
          <DashboardTab>My Projects</DashboardTab>
          <DashboardTab>Find Professionals</DashboardTab>
          <DashboardTab>Scrap &amp; Free</DashboardTab>
        </TabList>
        <TabPanels className="mt-5">
          <TabPanel className="rounded-md">
            <MyProjects onPost={() => setPosting(true)} />
          </TabPanel>
          <TabPanel className="rounded-md">
            <FindProfessionals hasZip={tiles === undefined ? !!viewer.zipCode : tiles.nearbyPros !== null} />
          </TabPanel>
          <TabPanel className="rounded-md">
            <ScrapAndFree />
          </TabPanel>
        </TabPanels>
      </TabGroup>

      <ProfileSummary viewer={viewer} showProfessional={false} />
    </DashboardLayout>
  );
}

function ScrapAndFree() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-700 dark:bg-slate-900">
      <NearbyMaterials />
    </div>
  );
}
