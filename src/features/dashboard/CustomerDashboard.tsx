import type { Viewer } from "@/app/session";
import { DashboardLayout } from "./DashboardLayout";
import { ProfileSummary } from "./ProfileSummary";

export function CustomerDashboard({ viewer }: { viewer: Viewer }) {
  return (
    <DashboardLayout viewer={viewer} subtitle={<p>Manage your property projects and find trusted professionals.</p>}>
      <ProfileSummary viewer={viewer} showProfessional={false} />
    </DashboardLayout>
  );
}
