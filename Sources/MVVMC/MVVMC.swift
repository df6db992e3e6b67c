// MVVMC: navigation core.
