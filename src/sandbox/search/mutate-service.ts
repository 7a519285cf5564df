import { type CreateScope, serveCreates } from './creates.ts';
import type { Answer, Call, SearchEmulator } from './emulator-context.ts';
import { type FieldPath, failureAnswer, partialFailure } from './google-errors.ts';
import type { MutateRequestRead, ResourceOperationRead } from './messages.ts';
import type { Message } from './proto-json.ts';
import { mutateResources, operationIds, type ResourceChange, type ResourceKind } from './resource-mutate.ts';

/** What one Google Ads `mutate` service of the sandbox adds to the shared request handling. */
export interface MutateService<Data, Fields> {
  kind: ResourceKind<Data, Fields>;
  /** The request message, as Google's REST API takes it. */
  request: Message;
  /** Notes in the sandbox's reports what the changes imply (paused, enabled, re-budgeted). */
  noteChanges(
    emulator: SearchEmulator,
    customerId: string,
    changes: Array<ResourceChange<Data>>,
    now: Date,
  ): Promise<void>;
  /** The changed resource as an answer with `responseContentType: MUTABLE_RESOURCE` shows it. */
  mutableResource(change: ResourceChange<Data>, customerId: string): Record<string, unknown>;
  /** Checks a create operation, where the sandbox serves them (creates.ts). */
  create?(
    scope: CreateScope,
    create: Fields,
    at: FieldPath,
  ): Promise<{
    made?: import('./creates.ts').Made;
    errors: import('./wire-types.ts').GoogleAdsError[];
  }>;
}

/**
 * A `customers/{id}/<collection>:mutate` request as Google answers it: at least one operation, the
 * sandbox's magic-id faults, every operation checked, `validateOnly` and `partialFailure` honoured, one
 * result per operation (with the resource when asked for), and the errors of a partial failure.
 */
export async function serveMutate<Data, Fields>(
  emulator: SearchEmulator,
  { customerId, body }: Call,
  service: MutateService<Data, Fields>,
): Promise<Answer> {
  const request = emulator.readBody<MutateRequestRead<ResourceOperationRead<Fields>>>(service.request, body);
  if ('refused' in request) return request.refused;
  const operations = request.read.operations ?? [];
  if (operations.length === 0)
    return emulator.requestError('OPERATION_REQUIRED', 'At least one operation is required.');
  const faulted = await emulator.fault(operationIds(service.kind.collection, operations));
  if (faulted) return faulted;
  const validateOnly = request.read.validateOnly === true;
  const create = service.create;
  if (create && operations.some((operation) => operation.create !== undefined)) {
    return serveCreates(
      emulator,
      customerId,
      operations.map((operation) => operation.create),
      create,
      {
        validateOnly,
      },
    );
  }
  const partial = request.read.partialFailure === true;
  const now = emulator.services.clock.now();
  const outcome = await mutateResources(service.kind, emulator.store, customerId, operations, {
    validateOnly,
    partialFailure: partial,
    now,
  });
  if (outcome.errors.length > 0 && !partial) return failureAnswer(emulator.served, 400, outcome.errors);
  await service.noteChanges(emulator, customerId, outcome.changes, now);
  const mutable = request.read.responseContentType === 'MUTABLE_RESOURCE';
  return {
    ...(!validateOnly && {
      results: outcome.results.map(({ resourceName, id }) => {
        const change = outcome.changes.find((c) => c.id === id);
        return {
          ...(resourceName && { resourceName }),
          ...(mutable && change && service.mutableResource(change, customerId)),
        };
      }),
    }),
    ...(outcome.errors.length > 0 && {
      partialFailureError: partialFailure(emulator.served, outcome.errors),
    }),
  };
}
