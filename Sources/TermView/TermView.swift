// TermView: the view layer over ncursesw. Being filled in.
