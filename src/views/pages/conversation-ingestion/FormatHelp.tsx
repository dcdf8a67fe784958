// What each upload page accepts, said on the page, with example files to download in the user's language.
import { ArrowDownTrayIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../contract/enums';
import { chatCsvColumns } from '../../../services/conversation-files/chat-csv';
import {
  chatCsvExample,
  chatJsonExample,
  emailJsonExample,
  emlExample,
} from '../../../services/conversation-files/examples';
import type { UploadKind } from '../../../services/conversation-ingestion/upload-items';
import { Section } from '../../components/Section';

type Example = ReturnType<typeof chatCsvExample>;

const examplesOf: Record<UploadKind, ((language: Language, agentEmail: string) => Example)[]> = {
  calls: [],
  chats: [chatCsvExample, chatJsonExample],
  emails: [emlExample, emailJsonExample],
};

/** The rules of each kind, as i18n keys under `upload.<kind>.rules`. */
const rules: Record<UploadKind, string[]> = {
  calls: ['formats', 'content', 'duplicates', 'language', 'agent'],
  chats: ['csv', 'json', 'whole', 'duplicates', 'agent'],
  emails: ['eml', 'threads', 'speaker', 'agent', 'json', 'duplicates'],
};

const csvColumns = [...chatCsvColumns.required, ...chatCsvColumns.optional, 'metadata.<key>'];

function ExampleLink({ example }: { example: Example }) {
  const { t } = useTranslation();
  return (
    <a
      href={`data:${example.mediaType};charset=utf-8,${encodeURIComponent(example.content)}`}
      download={example.name}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-purple-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-purple-600"
    >
      <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
      {t('upload.example', { name: example.name })}
    </a>
  );
}

/**
 * `exampleAgentEmail` is null while the organisation's agents load: the examples wait for it, so that one
 * downloaded at once names a real agent and uploads as it is.
 */
export function FormatHelp({
  kind,
  exampleAgentEmail,
}: {
  kind: UploadKind;
  exampleAgentEmail: string | null;
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language.startsWith('fr') ? 'fr' : 'en';
  return (
    <Section title={t('upload.formatTitle')}>
      <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-gray-700">
        {rules[kind].map((rule) => (
          <li key={rule}>{t(`upload.${kind}.rules.${rule}`)}</li>
        ))}
      </ul>
      {kind === 'chats' && (
        <table className="mt-4 w-full text-left text-xs">
          <caption className="mb-1 text-left text-sm font-medium text-gray-900">
            {t('upload.chats.columns')}
          </caption>
          <tbody className="divide-y divide-gray-200">
            {csvColumns.map((column) => (
              <tr key={column}>
                <th scope="row" className="py-1.5 pr-3 align-top font-mono font-medium text-gray-900">
                  {column}
                </th>
                <td className="py-1.5 text-gray-700">
                  {t(`upload.chats.column.${column.replace('.<key>', '')}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {exampleAgentEmail !== null && examplesOf[kind].length > 0 && (
        <div className="mt-4 flex flex-col gap-2">
          {examplesOf[kind]
            .map((make) => make(language, exampleAgentEmail))
            .map((example) => (
              <ExampleLink key={example.name} example={example} />
            ))}
        </div>
      )}
    </Section>
  );
}
