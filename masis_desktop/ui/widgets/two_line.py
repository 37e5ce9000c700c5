"""A list delegate with a title line and a smaller status line (documents, past questions)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from masis_desktop.ui import theme
from masis_desktop.ui.item_models import DETAIL_ROLE, TONE_ROLE

Index = QModelIndex | QPersistentModelIndex


class TwoLineDelegate(QStyledItemDelegate):
    icon_size = 18
    pad = 6

    def __init__(self, parent: QObject | None = None,
                 title_elide: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle) -> None:
        super().__init__(parent)
        self.title_elide = title_elide  # file names keep their extension; questions keep their start

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        fm = QFontMetrics(option.font)
        return QSize(200, fm.height() * 2 + self.pad * 2 + 2)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        widget = opt.widget
        style = widget.style() if widget is not None else None
        painter.save()
        if style is not None:  # selection / hover background as the platform draws it
            opt.text = ""
            opt.icon = type(opt.icon)()
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        rect: QRect = option.rect
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        pal: QPalette = option.palette
        icon = index.data(Qt.ItemDataRole.DecorationRole)
        x = rect.left() + self.pad
        if icon is not None:
            icon_rect = QRect(x, rect.top() + self.pad + 1, self.icon_size, self.icon_size)
            icon.paint(painter, icon_rect)
            x += self.icon_size + self.pad
        width = rect.right() - x - self.pad
        fm = QFontMetrics(option.font)
        text_colour = pal.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        title = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        painter.setPen(text_colour)
        painter.setFont(option.font)
        painter.drawText(QRect(x, rect.top() + self.pad, width, fm.height()),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         fm.elidedText(title, self.title_elide, width))
        detail = str(index.data(DETAIL_ROLE) or "")
        tone = str(index.data(TONE_ROLE) or "muted")
        tones = theme.current()
        colour = QColor(getattr(tones, tone, tones.muted))
        small = painter.font()
        small.setPointSizeF(max(7.0, small.pointSizeF() * 0.9))
        painter.setFont(small)
        sfm = QFontMetrics(small)
        painter.setPen(text_colour if selected else colour)
        painter.drawText(QRect(x, rect.top() + self.pad + fm.height() + 1, width, sfm.height()),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         sfm.elidedText(detail, Qt.TextElideMode.ElideRight, width))
        painter.restore()
