import { createHash } from 'node:crypto';
import { newQuickJSWASMModule, shouldInterruptAfterDeadline, type QuickJSContext, type QuickJSRuntime, type QuickJSWASMModule } from 'quickjs-emscripten';
import { CODEC_LIMITS, DeviceModelMessages } from '@pest/shared';

/** What a codec made of one payload: its `data` (unchecked: decoded-reading.ts reads it), errors and warnings. */
export interface CodecOutput {
  data: unknown;
  errors: string[];
  warnings: string[];
  /** Set when the codec did not finish: it threw, ran out of time or memory, or answered no object. */
  failure?: 'error' | 'timeout' | 'memory';
}

export interface CodecInput {
  bytes: readonly number[];
  fPort: number;
  recvTime: Date;
}

interface Compiled {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  /** Set when compiling failed: every call answers it. */
  compileError?: CodecOutput;
}

/** A codec's answer larger than this is not a reading. */
const MAX_ANSWER_CHARS = 16_384;
/** Codecs compiled and kept: a provider has a handful of models; more than this are compiled again when used. */
const KEPT_CODECS = 64;

// Calls decodeUplink and hands back its answer as JSON text, so nothing but a string crosses out of the engine.
const RUNNER = `globalThis.__decode = function (input) {
  if (typeof decodeUplink !== 'function') throw new Error('decodeUplink is not defined');
  input.bytes = Array.from(input.bytes);
  input.recvTime = new Date(input.recvTime);
  return JSON.stringify(decodeUplink(input));
};`;

const firstLine = (text: string) => text.split('\n', 1)[0]!.slice(0, 300);

/**
 * Runs payload codecs, which are untrusted JavaScript, in QuickJS compiled to WebAssembly: the
 * code sees only the engine's own globals (no require, process, fetch, timers or file system),
 * every call has CODEC_LIMITS.timeMs (once more retryTimeMs) and the runtime CODEC_LIMITS.memoryBytes and a bounded stack.
 * A codec that breaks a limit fails that call and its runtime is dropped; the next call gets a
 * fresh one. node:vm would share this process's heap and event loop, which is why it is not used.
 */
export class CodecSandbox {
  private readonly compiled = new Map<string, Compiled>();

  /** The engine, loaded on first use; replaced after it failed. */
  private engine: Promise<QuickJSWASMModule> | null = null;

  async decode(codec: string, input: CodecInput): Promise<CodecOutput> {
    const key = createHash('sha256').update(codec).digest('base64');
    this.engine ??= newQuickJSWASMModule();
    const engine = await this.engine;
    let entry = this.compiled.get(key);
    try {
      if (!entry) entry = this.compile(engine, key, codec);
      if (entry.compileError) return entry.compileError;
      const output = this.call(key, entry, input, CODEC_LIMITS.timeMs);
      if (output.failure !== 'timeout') return output;
      // The time limit is wall time: a stall of the machine's, not the codec's, gets one more go.
      const again = this.compiled.get(key) ?? this.compile(engine, key, codec);
      return again.compileError ?? this.call(key, again, input, CODEC_LIMITS.retryTimeMs);
    } catch (error) {
      // The engine itself failed (the host's stack, say): its state cannot be trusted, so all of it goes.
      this.reset();
      return { data: null, errors: [firstLine(String(error))], warnings: [], failure: 'error' };
    }
  }

  private compile(engine: QuickJSWASMModule, key: string, codec: string): Compiled {
    if (this.compiled.size >= KEPT_CODECS) this.drop(this.compiled.keys().next().value!);
    const runtime = engine.newRuntime();
    runtime.setMemoryLimit(CODEC_LIMITS.memoryBytes);
    runtime.setMaxStackSize(CODEC_LIMITS.stackBytes);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + CODEC_LIMITS.loadTimeMs));
    const context = runtime.newContext();
    const entry: Compiled = { runtime, context };
    this.compiled.set(key, entry);
    const result = context.evalCode(`${codec}\n;${RUNNER}`, 'codec.js');
    if (result.error) {
      entry.compileError = this.failure(context, result.error);
      result.error.dispose();
      // A codec that loops or allocates at load leaves a runtime that cannot be trusted.
      if (entry.compileError.failure !== 'error') this.drop(key);
    } else result.value.dispose();
    return entry;
  }

  private call(key: string, entry: Compiled, input: CodecInput, timeMs: number): CodecOutput {
    const { runtime, context } = entry;
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + timeMs));
    const argument = JSON.stringify({ bytes: input.bytes, fPort: input.fPort, recvTime: input.recvTime.toISOString() });
    const result = context.evalCode(`__decode(${argument})`, 'call.js');
    if (result.error) {
      const output = this.failure(context, result.error);
      result.error.dispose();
      if (output.failure !== 'error') this.drop(key);
      return output;
    }
    const answer = context.dump(result.value) as unknown;
    result.value.dispose();
    return readAnswer(answer);
  }

  /** An exception out of the engine, named: the time limit's interrupt, memory, or the codec's own error. */
  private failure(context: QuickJSContext, handle: Parameters<QuickJSContext['dump']>[0]): CodecOutput {
    const dumped = context.dump(handle) as { name?: string; message?: string } | null | undefined;
    // Out of memory, the engine cannot even build the error object.
    if (!dumped || typeof dumped !== 'object') return { data: null, errors: [DeviceModelMessages.codecOutOfMemory], warnings: [], failure: 'memory' };
    const message = String(dumped.message ?? dumped);
    if (dumped.name === 'InternalError' && message === 'interrupted') return { data: null, errors: [DeviceModelMessages.codecTimeout], warnings: [], failure: 'timeout' };
    if (dumped.name === 'InternalError' && /out of memory|string too long|stack overflow/.test(message)) {
      return { data: null, errors: [DeviceModelMessages.codecOutOfMemory], warnings: [], failure: 'memory' };
    }
    return { data: null, errors: [firstLine(`${dumped.name ?? 'Error'}: ${message}`)], warnings: [], failure: 'error' };
  }

  private drop(key: string): void {
    const entry = this.compiled.get(key);
    this.compiled.delete(key);
    if (!entry) return;
    try {
      entry.context.dispose();
      entry.runtime.dispose();
    } catch {
      // A runtime that hit its memory limit may refuse to free what it holds: the module is replaced instead.
      this.reset();
    }
  }

  private reset(): void {
    this.compiled.clear();
    // The old module is left to the garbage collector: disposing inside a broken one could throw again.
    this.engine = null;
  }
}

/** decodeUplink's answer (JSON text) as TS013 shapes it: `{data, errors?, warnings?}`. */
function readAnswer(answer: unknown): CodecOutput {
  if (typeof answer !== 'string' || answer.length > MAX_ANSWER_CHARS) return { data: null, errors: [DeviceModelMessages.codecBadData], warnings: [], failure: 'error' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return { data: null, errors: [DeviceModelMessages.codecBadData], warnings: [], failure: 'error' };
  }
  if (!parsed || typeof parsed !== 'object') return { data: null, errors: [DeviceModelMessages.codecBadData], warnings: [], failure: 'error' };
  const { data, errors, warnings } = parsed as { data?: unknown; errors?: unknown; warnings?: unknown };
  const texts = (value: unknown) => (Array.isArray(value) ? value.slice(0, 10).map((item) => firstLine(String(item))) : []);
  const codecErrors = texts(errors);
  if (codecErrors.length > 0) return { data: null, errors: codecErrors, warnings: texts(warnings), failure: 'error' };
  return { data: data ?? null, errors: [], warnings: texts(warnings) };
}
