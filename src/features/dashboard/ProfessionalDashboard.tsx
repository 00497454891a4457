import { professionLabel } from "@common/professions";
import type { Viewer } from "@/app/session";
import { DashboardLayout } from "./DashboardLayout";
import { ProfileSummary } from "./ProfileSummary";

export function ProfessionalDashboard({ viewer }: { viewer: Viewer }) {
  const primary = viewer.primaryProfession ? professionLabel(viewer.primaryProfession) : null;
  return (
    <DashboardLayout
      viewer={viewer}
      subtitle={
        primary ? (
          <p>
            Primary profession: <strong className="text-slate-900 dark:text-white">{primary}</strong>
            {viewer.businessName && <span> · {viewer.businessName}</span>}
          </p>
        ) : (
          <p>Your professional dashboard.</p>
        )
      }
    >
      <ProfileSummary viewer={viewer} showProfessional />
    </DashboardLayout>
  );
}
