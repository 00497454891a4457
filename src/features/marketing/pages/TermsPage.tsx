import {
  FREE_TRIAL_DAYS,
  MONEY_BACK_GUARANTEE_DAYS,
  PRICE_CHANGE_NOTICE_DAYS,
  REFUND_BUSINESS_DAYS,
} from "@common/plans";
import { TextLink } from "@/components/ui";
import { LEGAL_LAST_UPDATED } from "../content";
import { DocumentPage, type DocumentSection } from "../DocumentPage";

// Terms of Service (spec §2, §5 "users must be 18 or older", §9 billing and legal constants).

/** Spec §9. */
const MINIMUM_AGE = 18;
const INFORMAL_RESOLUTION_DAYS = 30;
const ARBITRATION_OPT_OUT_DAYS = 30;
const ACCOUNT_DATA_REMOVAL_DAYS = 30;
const LIABILITY_CAP_MONTHS = 12;

const sections: DocumentSection[] = [
  {
    id: "acceptance",
    title: "Accepting these terms",
    body: (
      <p>
        These Terms of Service ("Terms") govern your use of Rafter, including our website, apps and services. By
        creating an account or using Rafter, you agree to these Terms and to our{" "}
        <TextLink to="/privacy">Privacy Policy</TextLink>. If you do not agree, please do not use Rafter.
      </p>
    ),
  },
  {
    id: "eligibility",
    title: "Who can use Rafter",
    body: (
      <>
        <p>
          You must be at least {MINIMUM_AGE} years old to create an account or use Rafter. By using Rafter you confirm
          that you are.
        </p>
        <p>
          You agree to give accurate information when you sign up, to keep it up to date, and to keep your password
          secure. You are responsible for what happens under your account. Tell us straight away if you think someone
          else has used it.
        </p>
      </>
    ),
  },
  {
    id: "marketplace",
    title: "What Rafter is, and is not",
    body: (
      <>
        <p>
          Rafter is a platform that connects property owners with independent property and skilled-trade professionals,
          and professionals with each other. Professionals are not Rafter's employees or agents. The agreement for a job
          is between the owner and the professional.
        </p>
        <p>
          A Verified badge means that a professional's submitted licenses, insurance and background check were reviewed
          when the badge was granted. It is not a guarantee of the quality of any work. Owners should still compare
          profiles, reviews and quotes, and check that a professional holds any license their project requires.
        </p>
      </>
    ),
  },
  {
    id: "subscriptions",
    title: "Subscriptions and billing",
    body: (
      <>
        <ul>
          <li>Paid plans are billed monthly, in advance. There is no long-term contract: plans are month-to-month.</li>
          <li>
            You can change or cancel your plan at any time. A cancellation takes effect at the end of your current
            billing period; you keep your plan's features until then.
          </li>
          <li>
            Where a free {FREE_TRIAL_DAYS}-day trial is offered, you will not be charged until the trial ends, and you
            can cancel before then at no cost.
          </li>
          <li>
            We will give you at least {PRICE_CHANGE_NOTICE_DAYS} days' notice before a price change applies to your
            subscription.
          </li>
          <li>Taxes may apply where required by law.</li>
        </ul>
      </>
    ),
  },
  {
    id: "refunds",
    title: "Money-back guarantee and refunds",
    body: (
      <p>
        Paid plans come with a {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee: if you are not satisfied, ask for a
        refund within {MONEY_BACK_GUARANTEE_DAYS} days of your first payment for a plan. Approved refunds are returned
        to your original payment method within {REFUND_BUSINESS_DAYS.min} to {REFUND_BUSINESS_DAYS.max} business days.
      </p>
    ),
  },
  {
    id: "payments",
    title: "Job payments and escrow",
    body: (
      <p>
        When an owner pays for a job through Rafter, the payment is held in escrow and released to the professional
        after the completed work is documented and approved. If the owner and the professional disagree, either of them
        can open a dispute and the payment stays on hold while it is reviewed.
      </p>
    ),
  },
  {
    id: "content",
    title: "Your content",
    body: (
      <>
        <p>
          You keep ownership of what you post on Rafter: profiles, photos, videos, portfolio items, posts, reviews and
          messages. You give Rafter a non-exclusive, worldwide, royalty-free license to host, display and share that
          content in order to run and promote the service. This license ends when you delete the content or your
          account, except where others have already shared it or the law requires us to keep it.
        </p>
        <p>
          Only post content that you have the right to share. To report content that infringes your copyright, see our{" "}
          <TextLink to="/dmca">DMCA policy</TextLink>.
        </p>
      </>
    ),
  },
  {
    id: "conduct",
    title: "Acceptable use",
    body: (
      <>
        <p>When you use Rafter, you agree not to:</p>
        <ul>
          <li>post false, misleading or fraudulent information, including fake reviews or credentials;</li>
          <li>harass, threaten or discriminate against anyone;</li>
          <li>post spam, or content that is illegal, hateful or sexually explicit;</li>
          <li>take a job or payment arranged on Rafter off the platform to avoid fees or escrow;</li>
          <li>scrape, overload or attempt to break into the service or other users' accounts.</li>
        </ul>
        <p>
          We may remove content and suspend or close accounts that break these rules. Posts are moderated, and you can
          report content that you think breaks them.
        </p>
      </>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <p>
        Rafter is provided "as is" and "as available". To the extent the law allows, we make no warranties about the
        service or about the work, conduct or qualifications of the people who use it. Marketing statements about
        results other members report are not promises of what you will achieve.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <p>
        To the extent the law allows, Rafter is not liable for indirect, incidental, special or consequential damages,
        or for lost profits or data. Our total liability for any claim relating to Rafter is limited to the fees you
        paid us in the {LIABILITY_CAP_MONTHS} months before the event that gave rise to the claim.
      </p>
    ),
  },
  {
    id: "disputes",
    title: "Resolving disputes",
    body: (
      <>
        <h3>Informal resolution first</h3>
        <p>
          Before starting any formal proceeding, contact us through the <TextLink to="/contact">contact form</TextLink>{" "}
          and describe the problem. We will both try in good faith to resolve it informally within{" "}
          {INFORMAL_RESOLUTION_DAYS} days.
        </p>
        <h3>Arbitration</h3>
        <p>
          If we cannot resolve a dispute informally, it will be settled by binding individual arbitration rather than in
          court, except for claims that qualify for small claims court. Class actions and class arbitrations are not
          permitted.
        </p>
        <h3>Opting out of arbitration</h3>
        <p>
          You can opt out of arbitration by sending us written notice within {ARBITRATION_OPT_OUT_DAYS} days of first
          accepting these Terms. Your notice must include your name, the email address of your account and a clear
          statement that you wish to opt out.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Closing your account",
    body: (
      <p>
        You can delete your account at any time. When you do, your account data is removed within{" "}
        {ACCOUNT_DATA_REMOVAL_DAYS} days, except for records the law requires us to keep (such as payment records). We
        may suspend or close an account that breaks these Terms.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these Terms. When a change is significant we will tell you by email or in the app before it takes
        effect. The date at the top of this page shows when they last changed. If you keep using Rafter after a change
        takes effect, you accept the updated Terms.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions about these Terms? <TextLink to="/contact?subject=Terms%20of%20Service">Contact us</TextLink>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <DocumentPage
      title="Terms of Service"
      updated={LEGAL_LAST_UPDATED}
      intro={<p>Please read these Terms carefully. They explain your rights and obligations when you use Rafter.</p>}
      sections={sections}
    />
  );
}
