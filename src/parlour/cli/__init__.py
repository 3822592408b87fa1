"""The terminal program: the ``parlour`` command and Rich renderings of views."""
