import { z } from 'zod';

// Contract "Run and configure": SUPPORT_CONTACTS is a JSON array of three { name, role, phone }.
export const supportContactSchema = z.object({
  name: z.string().trim().min(1).max(100),
  role: z.string().trim().min(1).max(100),
  phone: z.string().trim().min(1).max(40),
});
export const supportContactsSchema = z.array(supportContactSchema).length(3);
export type SupportContact = z.infer<typeof supportContactSchema>;

/** GET /api/settings/public: what the login footer and the help page show. */
export type PublicSettings = {
  productName: string;
  supportContacts: SupportContact[];
};
