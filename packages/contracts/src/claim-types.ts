/** Contracts of the claim-types feature (schemas, types, constants shared by server and web). */
export {};
