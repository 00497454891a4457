import { ACCESSIBILITY_RESPONSE_BUSINESS_DAYS } from "@common/support";
import { ButtonLink, TextLink } from "@/components/ui";
import { DocumentPage, type DocumentSection } from "../DocumentPage";

// Accessibility statement (spec §9: target WCAG 2.1 AA; feedback answered within 2 business days).

const sections: DocumentSection[] = [
  {
    id: "standard",
    title: "Our standard",
    body: (
      <p>
        We aim for Rafter to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA, in both the light and
        the dark theme, on phones and on desktop computers.
      </p>
    ),
  },
  {
    id: "what-we-do",
    title: "What we do",
    body: (
      <ul>
        <li>
          Every page can be used with a keyboard alone, with a visible focus indicator and a "Skip to content" link.
        </li>
        <li>Pages use headings, landmarks and labels that screen readers announce correctly.</li>
        <li>Form fields have visible labels, and errors are shown in text next to the field they concern.</li>
        <li>Text and controls meet WCAG AA contrast in the light and the dark theme.</li>
        <li>Pages adapt to small screens and to enlarged text.</li>
        <li>Animations are reduced when your device asks for reduced motion.</li>
        <li>We check pages with automated accessibility tests as part of our releases.</li>
      </ul>
    ),
  },
  {
    id: "limitations",
    title: "Known limitations",
    body: (
      <p>
        Photos and videos that members upload to profiles, portfolios and the feed may not have text descriptions. We
        encourage members to describe their images, and we keep working on the parts of Rafter that fall short.
      </p>
    ),
  },
  {
    id: "feedback",
    title: "Feedback and help",
    body: (
      <>
        <p>
          If something on Rafter is hard to use, or you need information in another format, please tell us. Describe the
          page and what went wrong, and mention any assistive technology you use. We answer accessibility feedback
          within {ACCESSIBILITY_RESPONSE_BUSINESS_DAYS} business days.
        </p>
        <p>
          <ButtonLink to="/contact?subject=Accessibility" variant="secondary">
            Send accessibility feedback
          </ButtonLink>
        </p>
        <p>
          You can also read our <TextLink to="/terms">Terms of Service</TextLink> and{" "}
          <TextLink to="/privacy">Privacy Policy</TextLink>.
        </p>
      </>
    ),
  },
];

export default function AccessibilityPage() {
  return (
    <DocumentPage
      title="Accessibility"
      intro={<p>Rafter is for everyone who owns, manages or works on property, including people with disabilities.</p>}
      sections={sections}
    />
  );
}
