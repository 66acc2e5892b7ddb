import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useHttp } from '../../../app/context.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { itemAction, type EditorialItem } from './writing-api.js';
import { writingPaths } from './writing-paths.js';
import { useWritingI18n } from './writing-i18n.js';

/**
 * A course's lessons in their order, under their chapters: each moves up or down by its buttons (or by dragging,
 * where there is a mouse), and a new one is added at the end.
 */
export function CourseLessons({ course, onMoved }: { course: EditorialItem; onMoved: () => Promise<unknown> }) {
  const { t, lang } = useWritingI18n();
  const http = useHttp();
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const lessons = course.lessons ?? [];

  const move = async (id: number, position: number, title: string) => {
    if (position < 1 || position > lessons.length) return;
    setProblem('');
    try {
      await itemAction(http, 'lesson', id, 'move', { position });
      await onMoved();
      setStatus(`${title}: ${position}/${lessons.length}`);
    } catch (caught) {
      setProblem(describeServerError(caught, t, lang));
    }
  };

  return (
    <section className="staff-actions writing-lessons" aria-labelledby="lessons-title">
      <h2 id="lessons-title" className="staff-actions__title">{t('write.lessonsTitle')}</h2>
      {lessons.length === 0 ? <p>{t('write.noLessons')}</p> : <p className="field__hint">{t('write.dragHint')}</p>}
      <ol className="writing-lessons__list">
        {lessons.map((lesson, index) => {
          const heading = index === 0 || lessons[index - 1]!.chapter !== lesson.chapter ? lesson.chapter : null;
          return (
            <li
              key={lesson.id}
              draggable
              onDragStart={() => setDragged(lesson.id)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => {
                const from = lessons.find((l) => l.id === dragged);
                if (from && from.id !== lesson.id) void move(from.id, index + 1, from.title);
                setDragged(null);
              }}
            >
              {heading !== null && <span className="writing-lessons__chapter">{heading || t('write.noChapter')}</span>}
              <span className="writing-lessons__row">
                <Link to={writingPaths.edit('lesson', lesson.id)}>{lesson.title}</Link>
                <span className="writing-lessons__buttons">
                  <button type="button" className="button button--quiet button--small" disabled={index === 0} aria-label={t('write.moveUp', { title: lesson.title })} onClick={() => void move(lesson.id, index, lesson.title)}>
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    disabled={index === lessons.length - 1}
                    aria-label={t('write.moveDown', { title: lesson.title })}
                    onClick={() => void move(lesson.id, index + 2, lesson.title)}
                  >
                    ↓
                  </button>
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="staff-status" role="status">{status}</p>
      {problem && <p className="form-error" role="alert">{problem}</p>}
      <Link className="button" to={writingPaths.create('lesson', course.id)}>{t('write.addLesson')}</Link>
    </section>
  );
}
