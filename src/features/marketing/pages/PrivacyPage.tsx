import { TextLink } from "@/components/ui";
import { LEGAL_LAST_UPDATED } from "../content";
import { DocumentPage, type DocumentSection } from "../DocumentPage";

// Privacy Policy (spec §2: last updated October 14, 2025; §1: the cookie consent banner's categories).

const ACCOUNT_DATA_REMOVAL_DAYS = 30;
const MINIMUM_AGE = 18;

const cookieCategories = [
  {
    name: "Necessary",
    text: "Keep you signed in, remember your cookie choices and protect the service against abuse. These are always on, because Rafter does not work without them.",
  },
  {
    name: "Analytics",
    text: "Tell us which pages are visited and which features are used, so we can improve Rafter. Only used if you allow them.",
  },
  {
    name: "Marketing",
    text: "Help us measure our advertising and show relevant offers. Only used if you allow them.",
  },
  {
    name: "Functional",
    text: "Remember preferences such as your theme and show features like the install prompt. Only used if you allow them.",
  },
] as const;

const sections: DocumentSection[] = [
  {
    id: "collect",
    title: "Information we collect",
    body: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>Account details: name, email address, password (stored only as a secure hash) and account type.</li>
          <li>
            Profile details: business name, license number, professions, location, phone, bio, photos and portfolio.
          </li>
          <li>Verification documents you choose to submit, such as licenses and proof of insurance.</li>
          <li>What you post and send: jobs, quotes, bids, messages, posts, comments, reviews and scrap listings.</li>
          <li>Messages you send us through the contact form.</li>
        </ul>
        <h3>Information collected automatically</h3>
        <ul>
          <li>Technical data such as IP address, browser and device type, used to run and secure the service.</li>
          <li>Usage data, such as pages visited, when you allow analytics cookies.</li>
        </ul>
        <h3>Payments</h3>
        <p>
          Card payments are handled by our payment processor. We do not store full card numbers; we receive only what we
          need to manage your subscription and job payments.
        </p>
      </>
    ),
  },
  {
    id: "use",
    title: "How we use your information",
    body: (
      <ul>
        <li>To provide Rafter: your account, profile, matching, messages, payments and notifications.</li>
        <li>To verify credentials and show the Verified badge when they check out.</li>
        <li>To keep Rafter safe: detecting spam, fraud and abuse, and moderating content.</li>
        <li>To send service emails, such as email verification, password resets and replies to your messages.</li>
        <li>To improve the service, using analytics when you allow them.</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    title: "How we share it",
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>with other users, as you choose: your public profile, posts and reviews are visible to others;</li>
          <li>with service providers who process it for us, such as hosting, email and payment providers;</li>
          <li>when the law requires it, or to protect the rights and safety of our users and of Rafter.</li>
        </ul>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <>
        <p>
          Rafter uses cookies and similar storage in four categories. Apart from necessary cookies, you choose which
          ones we may use in the cookie banner, and you can change your choice at any time.
        </p>
        <ul>
          {cookieCategories.map((category) => (
            <li key={category.name}>
              <strong>{category.name}:</strong> {category.text}
            </li>
          ))}
        </ul>
      </>
    ),
  },
  {
    id: "choices",
    title: "Your choices and rights",
    body: (
      <>
        <p>You can:</p>
        <ul>
          <li>see and update most of your information in your profile settings;</li>
          <li>ask us for a copy of your information, or ask us to correct or delete it;</li>
          <li>change your cookie choices and unsubscribe from marketing emails;</li>
          <li>delete your account.</li>
        </ul>
        <p>
          Depending on where you live (for example California), you may have further rights under state law. To make a
          request, <TextLink to="/contact?subject=Privacy%20request">contact us</TextLink>. We will not treat you
          differently for using your rights.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <p>
        We keep your information while your account is open. When you delete your account, your account data is removed
        within {ACCOUNT_DATA_REMOVAL_DAYS} days, except for records the law requires us to keep, such as payment
        records.
      </p>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        We protect your information with encryption in transit, hashed passwords, rate limits and access controls. No
        system is perfectly secure; if you think your account has been compromised, reset your password and contact us.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        Rafter is for people who are {MINIMUM_AGE} or older. We do not knowingly collect information from anyone
        younger. If you believe a minor has created an account, please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        We may update this policy. When a change is significant we will tell you by email or in the app. The date at the
        top of this page shows when it last changed.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions about your privacy? <TextLink to="/contact?subject=Privacy">Contact us</TextLink>.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <DocumentPage
      title="Privacy Policy"
      updated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          This policy explains what information Rafter collects, how we use and share it, and the choices you have. It
          applies to our website, apps and services.
        </p>
      }
      sections={sections}
    />
  );
}
