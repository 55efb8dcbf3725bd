import { describe, expect, it } from 'vitest';
import { FeedAnswers } from '../src/follow/feed-answers';
import { prepareJson, type PreparedBody } from '../src/http/prepared-body';

const body = (text: string): PreparedBody => prepareJson(Buffer.from(text));

describe('FeedAnswers', () => {
  it('writes a search once per publication', () => {
    const answers = new FeedAnswers();
    const first = {};
    let made = 0;
    const make = () => body(`feed ${++made}`);
    const answer = answers.answer(first, '?search=a', make);
    expect(answers.answer(first, '?search=a', make)).toBe(answer);
    expect(made).toBe(1);
    expect(answers.answer({}, '?search=a', make)).not.toBe(answer);
    expect(made).toBe(2);
    expect(answers.size).toBe(1);
  });

  it('keeps the searches last asked for, no more than its bound', () => {
    const answers = new FeedAnswers(2);
    const publication = {};
    const a = answers.answer(publication, 'a', () => body('a'));
    answers.answer(publication, 'b', () => body('b'));
    // 'a' asked for again outlives 'b' when 'c' comes.
    answers.answer(publication, 'a', () => body('a again'));
    answers.answer(publication, 'c', () => body('c'));
    expect(answers.size).toBe(2);
    expect(answers.answer(publication, 'a', () => body('a, third'))).toBe(a);
    const b = answers.answer(publication, 'b', () => body('b, made again'));
    expect(b.etag).not.toBe(body('b').etag);
  });
});
