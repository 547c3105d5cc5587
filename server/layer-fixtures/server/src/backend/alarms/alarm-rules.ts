export const severities = ['critical', 'major'];
