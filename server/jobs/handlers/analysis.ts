// The analysis job: the conversation analysed (conversations/analysis/service.ts), then what the pipeline says
// follows. Running it twice writes the same result.
import { analyseConversation } from '../../conversations/analysis/service';
import type { JobHandler } from '../handler';
import { afterAnalysis } from '../pipeline';

export const analysisHandler: JobHandler = async (job, context) => {
  if (await analyseConversation(context, job.conversationId))
    await afterAnalysis(context.db, context.config, job.conversationId);
};
