import type { PreparedBody } from '../http/prepared-body';

/**
 * The feeds written for one publication, by search: a feed reader asks for the same search every
 * few minutes, and many readers follow the same few searches, so a feed is written, tagged and
 * compressed once per publication and search rather than per request. Bounded (least recently
 * asked for goes first), so that any number of different searches holds no more than `max`.
 */
export class FeedAnswers {
  private publication: object | null = null;
  private readonly answers = new Map<string, PreparedBody>();

  constructor(private readonly max = 32) {}

  /**
   * The answer for `search` in `publication` (any object that stands for one: a new one drops
   * every answer kept), made by `make` when not kept.
   */
  answer(publication: object, search: string, make: () => PreparedBody): PreparedBody {
    if (publication !== this.publication) {
      this.answers.clear();
      this.publication = publication;
    }
    let body = this.answers.get(search);
    if (body) {
      // Asked for again: the last to be dropped.
      this.answers.delete(search);
    } else {
      body = make();
    }
    this.answers.set(search, body);
    if (this.answers.size > this.max) {
      const oldest = this.answers.keys().next();
      if (!oldest.done) this.answers.delete(oldest.value);
    }
    return body;
  }

  /** How many answers are kept (for tests). */
  get size(): number {
    return this.answers.size;
  }
}
