import { useId } from 'react';

interface ProgressMeterProps {
  label: string;
  value: number;
  max: number;
  /** The value in words ("3 of 12 lessons done"), shown beside the bar. */
  text: string;
}

/** A labelled progress bar with its value in words: the bar alone says nothing to a screen reader user. */
export function ProgressMeter({ label, value, max, text }: ProgressMeterProps) {
  const id = useId();
  return (
    <div className="progress-meter">
      <span id={id} className="progress-meter__label">{label}</span>
      <progress className="progress-meter__bar" aria-labelledby={id} aria-valuetext={text} value={Math.min(value, max)} max={Math.max(max, 1)} />
      <span className="progress-meter__text">{text}</span>
    </div>
  );
}
