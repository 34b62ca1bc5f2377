// Permission codes of the data-management API (spec document 3, "Authentication"). The contract declares
// which codes each endpoint takes and the router checks them (kernel/admission.ts `checkPermission`);
// these are the families the seed grants.

/** Every member of a permission family: `_OWNER`, `_ADMIN`, `_CREATE`, `_READ`, `_UPDATE`, `_DELETE`. */
const familyCodes = (family: string, members: readonly string[] = ['OWNER', 'ADMIN', 'CREATE', 'READ', 'UPDATE', 'DELETE']): string[] =>
  members.map((member) => `${family}_${member}`);

export const TENANT_AUDIT_CODES = familyCodes('TNT_API_DM_APPLET_AUDIT_TRAIL');
export const PLATFORM_AUDIT_CODES = familyCodes('MST_API_DM_APPLET_AUDIT_TRAIL');
/** The internal e-invoice records' family: granted by the seed now, checked by that module's endpoints later. */
export const EINVOICE_RECORD_CODES = familyCodes('API_TNT_DM_ERP_MY_E_INVOICE_TO_IRB', ['OWNER', 'ADMIN', 'READ', 'UPDATE']);
