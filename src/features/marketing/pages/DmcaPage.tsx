import { DMCA_AGENT_EMAIL } from "@common/support";
import { TextLink } from "@/components/ui";
import { DocumentPage, type DocumentSection } from "../DocumentPage";

// DMCA policy: how to send a copyright notice or counter-notice, and to whom (17 U.S.C. § 512).

const agentLink = (
  <a
    href={`mailto:${DMCA_AGENT_EMAIL}`}
    className="rounded-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-200"
  >
    {DMCA_AGENT_EMAIL}
  </a>
);

const sections: DocumentSection[] = [
  {
    id: "policy",
    title: "Our policy",
    body: (
      <p>
        Rafter respects the intellectual property of others and expects its members to do the same. We respond to clear
        notices of alleged copyright infringement under the Digital Millennium Copyright Act (DMCA). When we receive a
        valid notice, we remove or disable access to the material and let the member who posted it know.
      </p>
    ),
  },
  {
    id: "notice",
    title: "Sending a notice",
    body: (
      <>
        <p>Your notice must be in writing and include:</p>
        <ol>
          <li>your physical or electronic signature;</li>
          <li>a description of the copyrighted work you believe has been infringed;</li>
          <li>where the material is on Rafter, with the web address of each page if you can;</li>
          <li>your name, postal address, telephone number and email address;</li>
          <li>
            a statement that you believe in good faith that the use is not authorized by the copyright owner, its agent
            or the law;
          </li>
          <li>
            a statement, under penalty of perjury, that the information in your notice is accurate and that you are the
            copyright owner or authorized to act on the owner's behalf.
          </li>
        </ol>
      </>
    ),
  },
  {
    id: "agent",
    title: "Designated agent",
    body: (
      <>
        <p>Send notices and counter-notices to our designated copyright agent:</p>
        <p>
          <strong>Copyright Agent, Rafter</strong>
          <br />
          Email: {agentLink}
        </p>
        <p>Notices that leave out the required information may not be acted on.</p>
      </>
    ),
  },
  {
    id: "counter-notice",
    title: "Counter-notices",
    body: (
      <>
        <p>
          If your material was removed and you believe that was a mistake or a misidentification, you can send a
          counter-notice to the designated agent with:
        </p>
        <ol>
          <li>your physical or electronic signature;</li>
          <li>a description of the material that was removed and where it appeared before removal;</li>
          <li>
            a statement, under penalty of perjury, that you believe in good faith it was removed by mistake or
            misidentification;
          </li>
          <li>
            your name, address and telephone number, and a statement that you consent to the jurisdiction of the federal
            district court for your address and will accept service from the person who sent the original notice.
          </li>
        </ol>
        <p>
          Unless the person who sent the notice tells us within 10 to 14 business days that they have filed a court
          action, we may restore the material.
        </p>
      </>
    ),
  },
  {
    id: "repeat",
    title: "Repeat infringers",
    body: <p>We close the accounts of members who repeatedly infringe others' copyrights.</p>,
  },
  {
    id: "misrepresentation",
    title: "False claims",
    body: (
      <p>
        Under the DMCA, anyone who knowingly misrepresents that material is infringing, or that it was removed by
        mistake, may be liable for damages. If you are not sure whether material infringes your copyright, consider
        getting legal advice first. For anything other than copyright, please{" "}
        <TextLink to="/contact">contact us</TextLink>.
      </p>
    ),
  },
];

export default function DmcaPage() {
  return (
    <DocumentPage
      title="DMCA Policy"
      intro={
        <p>
          How to tell us about material on Rafter that you believe infringes your copyright, and how members can
          respond.
        </p>
      }
      sections={sections}
    />
  );
}
