// An external id for a conversation whose file gives none: a name-based UUID of its content, so the same file
// uploaded again names the same conversations (and they are skipped), in any browser, secure context or not.
import { v5 as uuidFromName } from 'uuid';

/** The namespace of these ids (a fixed random UUID): the same content gives the same id only here. */
const contentNamespace = '6f1c7c2e-8a4b-4d0e-9a57-3b9f2f4c1d80';

export const contentExternalId = (content: unknown): string =>
  `content-${uuidFromName(JSON.stringify(content), contentNamespace)}`;
