import { zodResolver } from "@hookform/resolvers/zod";
import { contactSchema } from "@common/contact";

// The contact form's resolver, imported on first use (lazyResolver): zod stays out of /contact's
// first load.
export const contactResolver = zodResolver(contactSchema);
