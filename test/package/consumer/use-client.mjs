// What esm.mjs and cjs.cjs both check, with the AcsClient and createMockService that `import` or `require()`
// gave them: a call through mock.fetch, and `validate: 'strict'` loading acs-sdk/contract by name on the
// first response to refuse an incomplete one. Throws the reason.
export async function useClient(AcsClient, createMockService) {
  const mock = createMockService({ seed: 'empty' });
  const { apiKey, companyId } = mock.credentials;
  const { company } = await new AcsClient({ apiKey, companyId, fetch: mock.fetch }).auth.verify();
  if (company.id !== companyId) throw new Error(`auth.verify() through mock.fetch answered company ${company.id}`);
  const strict = new AcsClient({ apiKey, companyId: 'cmp_1', validate: 'strict', maxRetries: 0, fetch: incompleteCompany });
  const refused = await strict.company.retrieve().then(
    () => undefined,
    (error) => error,
  );
  if (refused?.name !== 'ResponseValidationError')
    throw new Error(`validate 'strict' did not refuse a company without its fields (${refused})`);
}

/** A company answer without the company's fields. */
async function incompleteCompany() {
  const body = { success: true, data: { id: 'cmp_1' }, meta: { timestamp: new Date().toISOString(), requestId: 'req_1' } };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}
